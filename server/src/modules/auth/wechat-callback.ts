import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import type { KeyValueStore } from '../../infra/kv';
import type { SignatureQuery } from '../../infra/wechat';
import { confirmWxQr } from './wechat-login';

/** Largest WeChat push we read; real event messages are well under 2 KB. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

/** How far WeChat's signed timestamp may be from our clock before a push is refused as stale. */
export const CALLBACK_MAX_AGE_SEC = 5 * 60;

export type CallbackCheck = 'fresh' | 'stale' | 'replayed';

/**
 * A signed push is used once: its timestamp must be within CALLBACK_MAX_AGE_SEC of now, and its
 * timestamp+nonce are claimed in the shared store for twice that long, so no process accepts the
 * same signed query again (in plain mode the signature does not cover the body: a replayed query
 * could carry any scan). Call only after the signature checked out, so nobody else fills the store.
 */
export async function claimCallback(kv: KeyValueStore, q: SignatureQuery, nowMs: number): Promise<CallbackCheck> {
  const { timestamp = '', nonce = '' } = q;
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > CALLBACK_MAX_AGE_SEC) return 'stale';
  if (!/^[\w-]{1,64}$/.test(nonce)) return 'stale';
  const uses = await kv.incr(`wxcb:${timestamp}:${nonce}`, 2 * CALLBACK_MAX_AGE_SEC);
  return uses === 1 ? 'fresh' : 'replayed';
}

const forbidden = (reply: FastifyReply, why: string) => reply.code(403).type('text/plain').send(why);

/**
 * The official account's server URL: GET verifies the URL (echostr), POST pushes events. Neither
 * the query (signature, openid) nor the scene (a qrcode_id, which can finish a login) is logged.
 */
export async function registerWechatCallback(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(
      ['text/xml', 'application/xml', 'text/plain'],
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );

    scoped.get('/v1/wechat/callback', async (req, reply) => {
      const q = req.query as SignatureQuery & { echostr?: string };
      if (!ctx.wechat.checkSignature(q)) return forbidden(reply, 'invalid signature');
      return reply.type('text/plain').send(typeof q.echostr === 'string' ? q.echostr : '');
    });

    scoped.post('/v1/wechat/callback', async (req, reply) => {
      const q = req.query as SignatureQuery;
      if (!ctx.wechat.checkSignature(q)) return forbidden(reply, 'invalid signature');
      const check = await claimCallback(ctx.kv, q, Date.now());
      if (check !== 'fresh') {
        req.log.warn({ check }, 'WeChat callback refused');
        return forbidden(reply, check);
      }
      const scan = typeof req.body === 'string' ? ctx.wechat.parseEvent(req.body, q) : null;
      if (scan) {
        const confirmed = await confirmWxQr(ctx, scan.scene, scan.openid);
        req.log.info({ confirmed }, 'WeChat QR scan');
      }
      // WeChat retries anything but 'success' (or an empty body) three times.
      return reply.type('text/plain').send('success');
    });
  });
}
