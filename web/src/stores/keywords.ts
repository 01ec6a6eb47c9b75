import { STORAGE_KEYS_SHELL } from '@wanxiang/contract';

/**
 * Local keyword state (shell 3: from, device, plan, group, keyword, search_keyword, invite_code),
 * kept under localStorage `keywords_state`. Captured from the landing URL once per visit so an
 * invite code or a search keyword survives navigation; read by login, the model list and shop calls.
 * The invite area owns this file and extends it.
 */
export interface KeywordState {
  from: string;
  device: string;
  plan: string;
  group: string;
  keyword: string;
  search_keyword: string;
  invite_code: string;
}

const EMPTY: KeywordState = { from: '', device: '', plan: '', group: '', keyword: '', search_keyword: '', invite_code: '' };

export function readKeywordState(): KeywordState {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS_SHELL.keywordsState);
    return raw ? { ...EMPTY, ...(JSON.parse(raw) as Partial<KeywordState>) } : { ...EMPTY };
  } catch {
    return { ...EMPTY };
  }
}

export function writeKeywordState(patch: Partial<KeywordState>): KeywordState {
  const next = { ...readKeywordState(), ...patch };
  try {
    localStorage.setItem(STORAGE_KEYS_SHELL.keywordsState, JSON.stringify(next));
  } catch {
    // Storage unavailable (private mode): the values live for this page only.
  }
  return next;
}

/** The invite code this visitor arrived with ('' when none). */
export function getInviteCode(): string {
  return readKeywordState().invite_code;
}
