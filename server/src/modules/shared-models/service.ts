import {
  Code,
  MSG,
  SHARED_MODEL_COMMENT_PAGE_SIZE,
  SHARED_MODEL_PAGE_SIZE,
  type SharedModelAddResult,
  type SharedModelCard,
  type SharedModelCommentPage,
  type SharedModelFunction,
  type SharedModelLikeResult,
  type SharedModelPage,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { forbidden, notFound, refused } from '../../http/errors';
import { checkUserUrl, SafeFetchError } from '../../infra/safe-fetch';
import * as store from './store';

/**
 * Shared custom model cards (7.4 chat2 getModels family): public descriptions of a provider
 * model set-up. A card never carries a key; its api_url passes the SSRF rules when saved.
 */
export type SharedModelsContext = Pick<AppContext, 'config' | 'database'>;

/** Control characters (other than line breaks) are dropped from user text before it is stored. */
// eslint-disable-next-line no-control-regex
const plain = (s: string) => s.replace(/[\u0000-\u0009\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e]/g, '').trim();

function cardView(r: store.RowWithAuthor, viewer: number | null): SharedModelCard {
  const mine = viewer !== null && r.userId === viewer;
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    icon: r.icon,
    api_url: r.apiUrl,
    model_id: r.modelId,
    functions: r.functions as SharedModelFunction[],
    likes: r.likes,
    comments: r.comments,
    adds: r.adds,
    liked: r.liked,
    mine,
    author: r.author,
    created_at: r.createdAt.toISOString(),
    // Moderation's reason is the author's business only (another user never sees a taken-down card anyway).
    ...(mine && r.status === store.TAKEN_DOWN && r.takedownReason ? { takedown_reason: r.takedownReason } : {}),
  };
}

/** The base URL as stored: SSRF-checked, no credentials, no fragment, no trailing slash. */
export async function checkedApiUrl(ctx: SharedModelsContext, raw: string): Promise<string> {
  // A key pasted into the URL would be published to everyone.
  if (URL.canParse(raw)) {
    const u = new URL(raw);
    if (u.username || u.password || u.search) throw refused(MSG.sharedModelApiUrlInvalid, Code.BAD_REQUEST);
  }
  let url: URL;
  try {
    url = await checkUserUrl(raw, { allow: ctx.config.ssrfAllow });
  } catch (err) {
    if (err instanceof SafeFetchError && err.reason === 'refused') throw refused(MSG.sharedModelApiUrlRefused, Code.BAD_REQUEST);
    if (err instanceof SafeFetchError && err.reason !== 'invalid_url') throw refused(err.message, Code.BAD_REQUEST);
    throw refused(MSG.sharedModelApiUrlInvalid, Code.BAD_REQUEST);
  }
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

export interface CardInput {
  name: string;
  description: string;
  icon: string;
  api_url: string;
  model_id: string;
  functions: SharedModelFunction[];
}

async function fields(ctx: SharedModelsContext, f: CardInput): Promise<store.CardFields> {
  return {
    name: plain(f.name),
    description: plain(f.description),
    icon: f.icon,
    apiUrl: await checkedApiUrl(ctx, f.api_url),
    modelId: plain(f.model_id),
    functions: f.functions,
  };
}

export async function listCards(
  ctx: SharedModelsContext,
  viewer: number | null,
  q: { url?: string; page: number; keyword: string; sort: 'new' | 'hot' },
): Promise<SharedModelPage> {
  const size = SHARED_MODEL_PAGE_SIZE;
  const { rows, total } = await store.listCards(ctx.database.db, {
    viewer,
    mine: q.url === 'mine',
    keyword: q.keyword,
    sort: q.sort,
    offset: (q.page - 1) * size,
    limit: size,
  });
  return { list: rows.map((r) => cardView(r, viewer)), total, page: q.page, size };
}

/** A listed card, or the viewer's own card whatever its status. */
async function visibleCard(ctx: SharedModelsContext, id: number, viewer: number | null): Promise<store.RowWithAuthor> {
  const r = await store.findCard(ctx.database.db, id, viewer);
  if (!r || (r.status !== store.LISTED && r.userId !== viewer)) throw notFound(MSG.sharedModelNotFound);
  return r;
}

export async function getCard(ctx: SharedModelsContext, id: number, viewer: number | null): Promise<SharedModelCard> {
  return cardView(await visibleCard(ctx, id, viewer), viewer);
}

export async function createCard(ctx: SharedModelsContext, userId: number, f: CardInput): Promise<SharedModelCard> {
  const id = await store.insertCard(ctx.database.db, userId, await fields(ctx, f));
  return getCard(ctx, id, userId);
}

export async function editCard(ctx: SharedModelsContext, userId: number, id: number, f: CardInput): Promise<SharedModelCard> {
  const values = await fields(ctx, f);
  if (!(await store.updateOwnCard(ctx.database.db, userId, id, values))) await refuseNotOwn(ctx, id);
  return getCard(ctx, id, userId);
}

export async function deleteCard(ctx: SharedModelsContext, userId: number, id: number): Promise<void> {
  if (!(await store.deleteOwnCard(ctx.database.db, userId, id))) await refuseNotOwn(ctx, id);
}

/** Someone else's card is 403, a missing one 404. */
async function refuseNotOwn(ctx: SharedModelsContext, id: number): Promise<never> {
  const r = await store.findCard(ctx.database.db, id, null);
  if (r) throw forbidden(MSG.sharedModelNotOwner);
  throw notFound(MSG.sharedModelNotFound);
}

export async function toggleLike(ctx: SharedModelsContext, userId: number, id: number): Promise<SharedModelLikeResult> {
  await visibleCard(ctx, id, userId);
  const r = await store.toggleLike(ctx.database.db, id, userId);
  if (!r) throw notFound(MSG.sharedModelNotFound);
  return r;
}

export async function comment(ctx: SharedModelsContext, userId: number, id: number, content: string): Promise<void> {
  await visibleCard(ctx, id, userId);
  const text = plain(content);
  if (!text) throw refused(MSG.sharedModelCommentRequired, Code.BAD_REQUEST);
  await store.insertComment(ctx.database.db, id, userId, text);
}

export async function comments(ctx: SharedModelsContext, id: number, viewer: number | null, page: number): Promise<SharedModelCommentPage> {
  await visibleCard(ctx, id, viewer);
  const size = SHARED_MODEL_COMMENT_PAGE_SIZE;
  const { rows, total } = await store.listComments(ctx.database.db, id, (page - 1) * size, size);
  return { list: rows.map((r) => ({ id: r.id, content: r.content, author: r.author, created_at: r.createdAt.toISOString() })), total, page, size };
}

/** Every report is kept; only reports of distinct, older accounts count towards hiding (store.insertReport). */
export async function report(ctx: SharedModelsContext, userId: number, id: number, reason: string): Promise<void> {
  await visibleCard(ctx, id, userId);
  const rule = {
    hideAt: ctx.config.sharedModelReportHide,
    accountsBefore: new Date(Date.now() - ctx.config.sharedModelReportMinAccountDays * 86_400_000),
  };
  const first = await store.insertReport(ctx.database.db, id, userId, plain(reason), rule);
  if (!first) throw refused(MSG.sharedModelReportedBefore, Code.FAILED);
}

export async function addToMine(ctx: SharedModelsContext, userId: number, id: number): Promise<SharedModelAddResult> {
  const card = await visibleCard(ctx, id, userId);
  const adds = await store.countAdd(ctx.database.db, id);
  if (adds === null) throw notFound(MSG.sharedModelNotFound);
  return { company: card.name, api_url: card.apiUrl, model_id: card.modelId, functions: card.functions as SharedModelFunction[], adds };
}
