import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { bianjie } from '../db/bianjie';
import { dotVisible, markDotRead, readDotVersion, useRedDot } from './useRedDot';

describe('dotVisible', () => {
  it('shows a dot whose version is above the version read', () => {
    expect(dotVisible(0, 1)).toBe(true);
    expect(dotVisible(1, 1)).toBe(false);
    expect(dotVisible(1, 2)).toBe(true);
    expect(dotVisible(3, 2)).toBe(false);
  });
});

describe('red-dot flags in IndexedDB', () => {
  beforeEach(async () => {
    await bianjie().redDots.clear();
    localStorage.clear();
  });

  it('stores area:name:id with the version read and never lowers it', async () => {
    expect(await readDotVersion('sidebar:video:group')).toBe(0);
    await markDotRead('sidebar:video:group', 2);
    await markDotRead('sidebar:video:group', 1);
    const row = await bianjie().redDots.get('sidebar:video:group');
    expect(row).toMatchObject({ key: 'sidebar:video:group', version: 2 });
    expect(row!.readAt).toBeGreaterThan(0);
  });

  it('carries a first-release localStorage flag over as version 1', async () => {
    localStorage.setItem('red_dot_read:nav:deepseek:1', '1');
    expect(await readDotVersion('nav:deepseek:1')).toBe(1);
    expect((await bianjie().redDots.get('nav:deepseek:1'))?.version).toBe(1);
  });

  it('useRedDot: hidden until the database answers, then shows; markRead hides it and persists', async () => {
    const { result, unmount } = renderHook(() => useRedDot('sidebar:nano-banana:group', 1));
    // First paint: not known yet, so no dot (no flash for already-read items).
    expect(result.current[0]).toBe(false);
    await waitFor(() => expect(result.current[0]).toBe(true));
    act(() => result.current[1]());
    expect(result.current[0]).toBe(false);
    await waitFor(async () => expect((await bianjie().redDots.get('sidebar:nano-banana:group'))?.version).toBe(1));
    unmount();

    // A new mount (a reload) of a read dot never shows it.
    const again = renderHook(() => useRedDot('sidebar:nano-banana:group', 1));
    await new Promise((r) => setTimeout(r, 30));
    expect(again.result.current[0]).toBe(false);
    again.unmount();

    // The operator raises the dot version: it shows again.
    const bumped = renderHook(() => useRedDot('sidebar:nano-banana:group', 2));
    await waitFor(() => expect(bumped.result.current[0]).toBe(true));
  });

  it('a click on one instance clears every instance showing the same dot', async () => {
    const a = renderHook(() => useRedDot('sidebar:chat:chat-5', 1));
    const b = renderHook(() => useRedDot('sidebar:chat:chat-5', 1));
    const other = renderHook(() => useRedDot('sidebar:chat:grok-4', 1));
    await waitFor(() => expect([a.result.current[0], b.result.current[0], other.result.current[0]]).toEqual([true, true, true]));
    act(() => a.result.current[1]());
    expect(b.result.current[0]).toBe(false);
    expect(other.result.current[0]).toBe(true);
  });

  it('no key: never a dot', () => {
    const { result } = renderHook(() => useRedDot(undefined));
    expect(result.current[0]).toBe(false);
  });
});
