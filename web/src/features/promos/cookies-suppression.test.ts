import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_NAMES } from '@wanxiang/contract';
import { PROMO_COOKIE_DAYS, hasPromoCookie, setPromoCookie } from './cookies';
import { isMobilePage, promoSuppressed } from './suppression';
import { TURN_PRIORITY, currentTurn } from './turn';

describe('promo cookies', () => {
  afterEach(() => vi.restoreAllMocks());

  it('have the lifetimes of docs/product/promos.md §9', () => {
    expect(PROMO_COOKIE_DAYS).toEqual({ guideModal: 1, customerKefu: 7, deepSeekModal: 7, agentModal: 7 });
  });

  it('are set under the spec names with an expiry N days ahead', () => {
    const set = vi.spyOn(Cookies, 'set');
    const now = new Date('2026-05-01T00:00:00Z');
    setPromoCookie('deepSeekModal', now);
    setPromoCookie('guideModal', now);
    expect(set).toHaveBeenNthCalledWith(
      1,
      'deepSeek_modal',
      '1',
      expect.objectContaining({ expires: new Date('2026-05-08T00:00:00Z'), path: '/' }),
    );
    expect(set).toHaveBeenNthCalledWith(2, 'guide_modal', '1', expect.objectContaining({ expires: new Date('2026-05-02T00:00:00Z') }));
  });

  it('are read back by name', () => {
    vi.spyOn(Cookies, 'get').mockImplementation(((name: string) =>
      name === COOKIE_NAMES.customerKefu ? '1' : undefined) as typeof Cookies.get);
    expect(hasPromoCookie('customerKefu')).toBe(true);
    expect(hasPromoCookie('agentModal')).toBe(false);
  });
});

describe('suppression', () => {
  const base = { pathname: '/', desktopClient: false, mobileOnly: false, switchedOn: null };
  it('/mobilepage suppresses every promo', () => {
    expect(isMobilePage('/mobilepage')).toBe(true);
    expect(isMobilePage('/mobilepages')).toBe(false);
    expect(promoSuppressed({ ...base, pathname: '/mobilepage' })).toBe(true);
    expect(promoSuppressed({ ...base, pathname: '/mobilepage', mobileOnly: true })).toBe(true);
    expect(promoSuppressed(base)).toBe(false);
  });
  it('mobile-only pieces never show in desktop-client mode; the rest still do', () => {
    expect(promoSuppressed({ ...base, desktopClient: true, mobileOnly: true })).toBe(true);
    expect(promoSuppressed({ ...base, desktopClient: true })).toBe(false);
  });
  it('a switchable promo shows only once config/init switched it on', () => {
    expect(promoSuppressed({ ...base, switchedOn: undefined })).toBe(true);
    expect(promoSuppressed({ ...base, switchedOn: false })).toBe(true);
    expect(promoSuppressed({ ...base, switchedOn: true })).toBe(false);
    // On, yet still away from /mobilepage and (mobile-only pieces) from the desktop client.
    expect(promoSuppressed({ ...base, switchedOn: true, pathname: '/mobilepage' })).toBe(true);
    expect(promoSuppressed({ ...base, switchedOn: true, desktopClient: true, mobileOnly: true })).toBe(true);
  });
});

describe('dialog turns', () => {
  it('the highest priority asker goes first', () => {
    expect(currentTurn([])).toBeNull();
    expect(currentTurn(['deepSeek', 'notice', 'modelPromo'])).toBe('notice');
    expect(currentTurn(['guide', 'update'])).toBe('update');
    expect(TURN_PRIORITY.update).toBeGreaterThan(TURN_PRIORITY.globalNotice);
  });
});
