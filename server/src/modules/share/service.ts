import { randomBytes } from 'node:crypto';
import { SHARE_MSG as M, type ShareCreateReq, type ShareCreateRes, type ShareItem, type ShareKind } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { insertShare, revokeShare, selectLiveShare, selectLiveShareOf, selectLiveShares } from './store';
import { loadTranscript, type Transcript } from './transcript';

export type ShareContext = Pick<AppContext, 'database' | 'catalog'>;

/** 32 random bytes, base64url: 43 characters nobody can guess or enumerate. */
const newToken = () => randomBytes(32).toString('base64url');

export const shareUrl = (origin: string, token: string) => `${origin}/s/${token}`;

/**
 * A share link of the caller's own conversation or battle; the same live link again when there already is one.
 * Another user's id (or a deleted one) is not found, exactly like an id that never existed.
 */
export async function createShare(ctx: ShareContext, userId: number, req: ShareCreateReq, origin: string): Promise<ShareCreateRes> {
  const transcript = await loadTranscript(ctx, userId, req.kind, req.id);
  if (!transcript) throw notFound(M.shareTargetNotFound);
  const row =
    (await selectLiveShareOf(ctx.database.db, userId, req.kind, req.id)) ??
    (await insertShare(ctx.database.db, { token: newToken(), userId, kind: req.kind, targetId: req.id }));
  return { token: row.token, url: shareUrl(origin, row.token) };
}

/** The caller's live shares, newest first, each with its target's current title (gone targets are left out). */
export async function listShares(ctx: ShareContext, userId: number, origin: string): Promise<ShareItem[]> {
  const rows = await selectLiveShares(ctx.database.db, userId);
  const items = await Promise.all(
    rows.map(async (r) => {
      const t = await loadTranscript(ctx, userId, r.kind as ShareKind, r.targetId);
      return t ? { token: r.token, kind: r.kind as ShareKind, targetId: r.targetId, title: t.title, url: shareUrl(origin, r.token), createdAt: r.createdAt.toISOString() } : null;
    }),
  );
  return items.filter((i): i is ShareItem => i !== null);
}

export async function revokeOwnShare(ctx: ShareContext, userId: number, token: string): Promise<void> {
  if (!(await revokeShare(ctx.database.db, userId, token, new Date()))) throw notFound(M.shareNotFound);
}

/** What the public page shows for a token: null for an unknown or revoked link, or a target deleted since. */
export async function sharedTranscript(ctx: ShareContext, token: string): Promise<Transcript | null> {
  const row = await selectLiveShare(ctx.database.db, token);
  return row ? loadTranscript(ctx, row.userId, row.kind as ShareKind, row.targetId) : null;
}
