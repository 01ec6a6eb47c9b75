import { ACCOUNT_PAGES } from './pages-account';
import { DOC_CHAT_PAGES } from './pages-doc-chat';
import { FEATURE_PAGES, VIEW_PAGES } from './pages-features';
import { FILE_MAP_PAGES } from './pages-file-maps';
import type { ToolSpec } from './spec';

/** Bespoke pages of the route table (kind 'page'): chat, search, agents, account, info and registry views. */
export const PAGE_ENTRIES: readonly ToolSpec[] = [...FEATURE_PAGES, ...VIEW_PAGES, ...ACCOUNT_PAGES, ...FILE_MAP_PAGES, ...DOC_CHAT_PAGES];
