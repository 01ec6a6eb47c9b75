import { STORAGE_KEYS_SHELL } from '@wanxiang/contract';

/**
 * Local keyword state (docs/product/shell-and-navigation.md §3: from, device, plan, group, keyword, search_keyword, invite_code),
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

const KEYS: readonly (keyof KeywordState)[] = ['from', 'device', 'plan', 'group', 'keyword', 'search_keyword', 'invite_code'];
const EMPTY: KeywordState = { from: '', device: '', plan: '', group: '', keyword: '', search_keyword: '', invite_code: '' };
/** Longest value kept: a landing URL is user-controlled text. */
const MAX_VALUE = 64;
/** Invite codes are the server's 8 upper-case letters and digits; anything else is not kept. */
const INVITE_CODE = /^[A-Za-z0-9]{4,16}$/;

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

/**
 * What a landing URL carries: the query's keys of the keyword state and, on /login/:invite_code,
 * the path's code (docs/product/accounts.md §4: path parameter on the login route, query elsewhere).
 * Only keys present are answered, so a later visit without them keeps what was stored.
 */
export function keywordsFromUrl(pathname: string, search: string): Partial<KeywordState> {
  const params = new URLSearchParams(search);
  const out: Partial<KeywordState> = {};
  for (const key of KEYS) {
    const value = params.get(key)?.trim();
    if (value) out[key] = value.slice(0, MAX_VALUE);
  }
  const path = /^\/login\/([^/?#]+)/.exec(pathname);
  if (path?.[1]) {
    try {
      out.invite_code = decodeURIComponent(path[1]).trim();
    } catch {
      // A malformed escape is not a code.
    }
  }
  if (out.invite_code !== undefined) {
    if (INVITE_CODE.test(out.invite_code)) out.invite_code = out.invite_code.toUpperCase();
    else delete out.invite_code;
  }
  return out;
}

/** Called once at app start (main.tsx): store what the landing URL carries. */
export function captureKeywords(loc: Pick<Location, 'pathname' | 'search'> = window.location): KeywordState {
  const found = keywordsFromUrl(loc.pathname, loc.search);
  return Object.keys(found).length > 0 ? writeKeywordState(found) : readKeywordState();
}
