import { afterEach, describe, expect, it, vi } from 'vitest';
import { onOpenLoginDialog } from '../../app-events';
import { useDialogs } from '../../stores/dialogs';
import { useUserStore } from '../../stores/user';
import { openWithLogin } from './AccountPopover';

describe('data board and sign-in need a session (docs/product/shell-and-navigation.md §6)', () => {
  afterEach(() => {
    useDialogs.setState({ usage: false, signin: false });
    useUserStore.setState({ token: '', user: null });
  });

  it('opens the login dialog instead when logged out', () => {
    useUserStore.setState({ token: '', user: null });
    const login = vi.fn();
    const off = onOpenLoginDialog(login);
    openWithLogin('signin');
    openWithLogin('usage');
    off();
    expect(login).toHaveBeenCalledTimes(2);
    expect(useDialogs.getState()).toMatchObject({ signin: false, usage: false });
  });

  it('opens the dialog itself with a session', () => {
    useUserStore.setState({ token: 't' });
    const login = vi.fn();
    const off = onOpenLoginDialog(login);
    openWithLogin('usage');
    openWithLogin('signin');
    off();
    expect(login).not.toHaveBeenCalled();
    expect(useDialogs.getState()).toMatchObject({ signin: true, usage: true });
  });
});
