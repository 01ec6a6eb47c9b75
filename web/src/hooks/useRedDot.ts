import { useCallback, useEffect, useState } from 'react';
import { bianjie } from '../db/bianjie';

/**
 * Read flags of "new" red dots (docs/product/shell-and-navigation.md §2, §3, §4): one row per
 * key area:name:id in the IndexedDB table bianjie.redDots, holding the dot version read. A dot
 * shows while the catalogue's version is higher than the version read, so an operator raising
 * the version brings the dot back.
 */

/** Flags of the first release, kept in localStorage; read once and carried over as version 1. */
const LEGACY_PREFIX = 'red_dot_read:';

/** Whether a dot of `version` shows when the browser has read `readVersion` (0 = never). */
export function dotVisible(readVersion: number, version: number): boolean {
  return version > readVersion;
}

function legacyReadVersion(key: string): number {
  try {
    return localStorage.getItem(LEGACY_PREFIX + key) === '1' ? 1 : 0;
  } catch {
    return 0;
  }
}

/** The version read for `key` (0 when never read). */
export async function readDotVersion(key: string): Promise<number> {
  const row = await bianjie().redDots.get(key);
  if (row) return row.version;
  const legacy = legacyReadVersion(key);
  if (legacy > 0) await bianjie().redDots.put({ key, version: legacy, readAt: Date.now() });
  return legacy;
}

/** Record `version` as read; never lowers a higher version already read. */
export async function markDotRead(key: string, version: number): Promise<void> {
  await bianjie().transaction('rw', bianjie().redDots, async () => {
    const row = await bianjie().redDots.get(key);
    if (!row || row.version < version) await bianjie().redDots.put({ key, version, readAt: Date.now() });
  });
}

// Several components can show the same dot (the sidebar item and its popover): a click on one
// clears them all without a reload.
type Listener = (version: number) => void;
const listeners = new Map<string, Set<Listener>>();
function subscribe(key: string, fn: Listener): () => void {
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(fn);
  return () => {
    set.delete(fn);
  };
}
function announce(key: string, version: number): void {
  for (const fn of listeners.get(key) ?? []) fn(version);
}

/**
 * [showDot, markRead] for one dot. The dot starts hidden until the database answers, so an item
 * already read never flashes on first paint. Without IndexedDB (private mode) the dot shows and
 * a click hides it for this visit.
 */
export function useRedDot(key: string | undefined, version = 1): [boolean, () => void] {
  // null = not known yet (hidden); a number = the version this browser has read.
  const [readVersion, setReadVersion] = useState<number | null>(null);

  useEffect(() => {
    if (!key) return;
    let alive = true;
    setReadVersion(null);
    readDotVersion(key).then(
      (v) => alive && setReadVersion((cur) => Math.max(cur ?? 0, v)),
      () => alive && setReadVersion((cur) => cur ?? 0),
    );
    const off = subscribe(key, (v) => setReadVersion((cur) => Math.max(cur ?? 0, v)));
    return () => {
      alive = false;
      off();
    };
  }, [key]);

  const show = key !== undefined && readVersion !== null && dotVisible(readVersion, version);

  const markRead = useCallback(() => {
    if (!key || !show) return;
    announce(key, version);
    markDotRead(key, version).catch(() => {
      // Storage refused (private mode, quota): the dot stays hidden for this visit only.
    });
  }, [key, show, version]);

  return [show, markRead];
}
