import { randomBytes } from 'node:crypto';
import { LOGIN_LIMITS, MSG, type LoginWxQrcodeReq, type UserInfo, type WxQrcode, type WxQrStatus } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { refused } from '../../http/errors';
import { newInviteCode, startSession, type ClientMeta } from './service';
import { findUserIdByInviteCode, uniqueViolation, type UserRow } from './store';
import { findUserByOpenid, insertWechatUser } from './wechat-store';

/**
 * WeChat QR login (docs/product/accounts.md §4). A QR is a record in the key-value store (shared by all
 * server processes through Redis) that lives LOGIN_LIMITS.wxQrTtlSec: status 0 until WeChat (or
 * the dev confirm page) reports the scan with an openid, then 1. loginWxQrcode turns a confirmed
 * QR into a session once: the first WeChat login creates the account.
 */

interface QrRecord {
  status: 0 | 1;
  openid?: string;
  /** Epoch ms the QR stops being valid. */
  expiresAt: number;
}

const qrKey = (id: string) => `wxqr:${id}`;
const confirmClaimKey = (id: string) => `wxqr:${id}:confirmed`;
const loginClaimKey = (id: string) => `wxqr:${id}:used`;

async function readQr(ctx: AppContext, id: string, now: number): Promise<QrRecord | null> {
  const raw = await ctx.kv.get(qrKey(id));
  if (!raw) return null;
  const rec = JSON.parse(raw) as QrRecord;
  return rec.expiresAt > now ? rec : null;
}

const secondsLeft = (rec: QrRecord, now: number) => Math.max(1, Math.ceil((rec.expiresAt - now) / 1000));

/** A new login QR; `origin` is this site's public origin (the dev QR opens a page on it). */
export async function createWxQr(ctx: AppContext, origin: string, now = Date.now()): Promise<WxQrcode> {
  if (ctx.wechat.kind === 'off') throw refused(MSG.wxLoginOff);
  // 16 random bytes: unguessable, and short enough for the official account's scene_str (<= 64).
  const id = randomBytes(16).toString('base64url');
  const qr = await ctx.wechat.createQr(id, LOGIN_LIMITS.wxQrTtlSec, origin);
  const rec: QrRecord = { status: 0, expiresAt: now + qr.expiresInSec * 1000 };
  await ctx.kv.set(qrKey(id), JSON.stringify(rec), qr.expiresInSec);
  return { url: qr.url, qr_type: qr.type, qrcode_id: id, expires_in: qr.expiresInSec };
}

/** 0 waiting, 1 confirmed, 2 expired / unknown / already used. */
export async function wxQrStatus(ctx: AppContext, id: string, now = Date.now()): Promise<WxQrStatus> {
  const rec = await readQr(ctx, id, now);
  return rec ? rec.status : 2;
}

/**
 * A scan of QR `id` by `openid` (the official account's callback or the dev page). Only a
 * waiting, unexpired QR is confirmed, and only by the first scan; false otherwise.
 */
export async function confirmWxQr(ctx: AppContext, id: string, openid: string, now = Date.now()): Promise<boolean> {
  const rec = await readQr(ctx, id, now);
  if (!rec || rec.status !== 0) return false;
  if ((await ctx.kv.incr(confirmClaimKey(id), secondsLeft(rec, now))) !== 1) return false;
  const next: QrRecord = { status: 1, openid, expiresAt: rec.expiresAt };
  await ctx.kv.set(qrKey(id), JSON.stringify(next), secondsLeft(rec, now));
  return true;
}

/** Log in with a confirmed QR, once; an unconfirmed, expired or used QR is refused. */
export async function loginWxQr(ctx: AppContext, req: LoginWxQrcodeReq, meta: ClientMeta): Promise<UserInfo> {
  const now = meta.at.getTime();
  const rec = await readQr(ctx, req.qrcode_id, now);
  if (!rec || rec.status !== 1 || !rec.openid) throw refused(MSG.wxQrInvalid);
  if ((await ctx.kv.incr(loginClaimKey(req.qrcode_id), secondsLeft(rec, now))) !== 1) throw refused(MSG.wxQrInvalid);
  await ctx.kv.del(qrKey(req.qrcode_id));
  const user = await wechatUser(ctx, rec.openid, req);
  return startSession(ctx, user, meta);
}

/** The user of an openid; "unregistered WeChat accounts are created automatically" (docs/product/accounts.md §1). */
async function wechatUser(ctx: AppContext, openid: string, req: LoginWxQrcodeReq): Promise<UserRow> {
  const db = ctx.database.db;
  const invitedBy = req.invite_code ? await findUserIdByInviteCode(db, req.invite_code.toUpperCase()) : null;
  for (let attempt = 0; ; attempt++) {
    const existing = await findUserByOpenid(db, openid);
    if (existing) return existing;
    try {
      return await insertWechatUser(db, openid, {
        nick: `微信用户${openid.slice(-4)}`,
        inviteCode: newInviteCode(),
        invitedBy,
        appChannel: (req.app_channel || 'web').slice(0, 32),
      });
    } catch (err) {
      // The openid was linked by a concurrent login (the loop finds it), or the invite code was taken.
      if (!uniqueViolation(err) || attempt >= 4) throw err;
    }
  }
}
