import { useCallback, useState } from 'react';

/** Read flags of "new" red dots (shell 4 "Red dots"): one key per area, name, id and dot version. */
const PREFIX = 'red_dot_read:';

function isRead(key: string): boolean {
  try {
    return localStorage.getItem(PREFIX + key) === '1';
  } catch {
    return false;
  }
}

/** [showDot, markRead]: the dot shows until markRead is called once, then never again. */
export function useRedDot(key: string | undefined): [boolean, () => void] {
  const [read, setRead] = useState(() => (key ? isRead(key) : true));
  const markRead = useCallback(() => {
    if (!key || read) return;
    try {
      localStorage.setItem(PREFIX + key, '1');
    } catch {
      // Private mode without storage: the dot simply goes away for this visit.
    }
    setRead(true);
  }, [key, read]);
  return [!read, markRead];
}
