import type { FastifyInstance } from 'fastify';

/** Test helper: a human-looking drag to `x`, 12 samples over `ms` from the left end. */
export function humanTrail(x: number, ms = 600): [number, number][] {
  return Array.from({ length: 12 }, (_, i) => [Math.round((x * i) / 11), Math.round((ms * i) / 11)] as [number, number]);
}

/**
 * Test helper: pass the register slider over HTTP (as a browser would) and return the one-use
 * captcha_token for POST /api/v1/user/register. Use the same `remoteAddress` for the register call.
 */
export async function registerCaptchaToken(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<string> {
  const c = (await app.inject({ method: 'POST', url: '/api/v1/captcha/register', remoteAddress })).json<{
    data: { id: string; target: number };
  }>();
  const x = c.data.target;
  const pass = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/captcha/register/verify',
      payload: { id: c.data.id, x, trail: humanTrail(x) },
      remoteAddress,
    })
  ).json<{ code: number; msg: string; data: { token: string } }>();
  if (pass.code !== 200) throw new Error(`register captcha failed: ${pass.msg}`);
  return pass.data.token;
}
