/** localStorage / sessionStorage that never throws (private mode, disabled storage): promos just show again. */
function area(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? localStorage : sessionStorage;
  } catch {
    return null;
  }
}

export function readLocal(key: string): string | null {
  try {
    return area('local')?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    area('local')?.setItem(key, value);
  } catch {
    // Full or unavailable storage: the promo may show again next visit, nothing worse.
  }
}

/** "Closed for this visit" flags live in sessionStorage: they survive a reload in the same tab only. */
export function closedThisVisit(key: string): boolean {
  try {
    return area('session')?.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function closeForVisit(key: string): void {
  try {
    area('session')?.setItem(key, '1');
  } catch {
    // Unavailable: closed until the next render only.
  }
}
