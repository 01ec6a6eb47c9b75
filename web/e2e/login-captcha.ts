import type { APIRequestContext } from '@playwright/test';

/** A human-looking drag to `x`: 12 samples over 600 ms from the left end (as the server expects). */
const trailTo = (x: number) => Array.from({ length: 12 }, (_, i) => [Math.round((x * i) / 11), Math.round((600 * i) / 11)]);

/**
 * Pass the register slider captcha through the API (docs/product/accounts.md §4: register needs it first) and return
 * the one-use captcha_token for POST /api/v1/user/register from the same client.
 */
export async function registerCaptchaToken(request: APIRequestContext): Promise<string> {
  const c = (await (await request.post('/api/v1/captcha/register')).json()) as { data: { id: string; target: number } };
  const x = c.data.target;
  const pass = (await (
    await request.post('/api/v1/captcha/register/verify', { data: { id: c.data.id, x, trail: trailTo(x) } })
  ).json()) as {
    code: number;
    msg: string;
    data: { token: string };
  };
  if (pass.code !== 200) throw new Error(`register captcha failed: ${pass.msg}`);
  return pass.data.token;
}
