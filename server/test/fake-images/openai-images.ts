import sharp from 'sharp';
import { bearer, marker, type FakeFiles, type FakeReply, type FakeRequest, type FakeRoutes, type Recorded } from './shared';

/**
 * The OpenAI images protocol as three vendors speak it, strict about what each one refuses so an
 * adapter that sends the wrong field fails here as it would there:
 * - openai: gpt-image-* answers base64 only and refuses `response_format`; three sizes; n up to 10;
 *   /images/edits is multipart (image, optional mask: a PNG with alpha, the image's size).
 * - ark: one picture per call (no `n`), `watermark`, `response_format` url|b64_json, Seedream 4 sizes of
 *   at least 1280×720 pixels, SeedEdit `size: adaptive` with `image` as a data URL.
 * - zhipu: answers URLs only, sizes 512-2048 divisible by 16 (at most 2^21 pixels), one picture.
 */

export type OpenAiFlavour = 'openai' | 'ark' | 'zhipu';

const GPT_SIZES = ['1024x1024', '1536x1024', '1024x1536'];
const DALLE3_SIZES = ['1024x1024', '1792x1024', '1024x1792'];

const refusals: Record<OpenAiFlavour, { auth: unknown; content: unknown }> = {
  openai: {
    auth: { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } },
    content: {
      error: {
        message: 'Your request was rejected as a result of our safety system.',
        type: 'invalid_request_error',
        code: 'content_policy_violation',
      },
    },
  },
  ark: {
    auth: { error: { code: 'AuthenticationError', message: 'The API key in the request is missing or invalid.', type: 'Unauthorized' } },
    content: {
      error: {
        code: 'OutputImageSensitiveContentDetected',
        message: 'The request failed because the output image may contain sensitive information.',
        type: 'BadRequest',
      },
    },
  },
  zhipu: {
    auth: { error: { code: '1000', message: '身份验证失败。' } },
    content: {
      error: {
        code: '1301',
        message: '系统检测到输入或生成内容可能包含不安全或敏感内容，请您避免输入易产生敏感内容的提示语，感谢您的配合。',
      },
    },
  },
};

const bad = (message: string): FakeReply => ({
  status: 400,
  json: { error: { message, type: 'invalid_request_error', code: 'invalid_value' } },
});

function parseSize(size: unknown): [number, number] | null {
  const m = /^(\d+)x(\d+)$/.exec(typeof size === 'string' ? size : '');
  return m ? [Number(m[1]), Number(m[2])] : null;
}

export function openAiImagesRoutes(flavour: OpenAiFlavour, files: FakeFiles, requests: Recorded[]): FakeRoutes {
  /** The answer shared by generations and edits: `data[]` of url or b64_json items. */
  async function answer(n: number, w: number, h: number, b64: boolean): Promise<FakeReply> {
    const data = [];
    for (let i = 0; i < n; i++) {
      const pic = await files.picture(w, h);
      data.push(b64 ? { b64_json: pic.b64 } : { url: pic.url });
    }
    return { status: 200, json: { created: Math.floor(Date.now() / 1000), data } };
  }

  /** Markers shared by both endpoints; null = go on. */
  function scripted(prompt: unknown): FakeReply | null {
    if (marker(prompt, 'content') !== null) return { status: 400, json: refusals[flavour].content };
    if (marker(prompt, '500') !== null) return { status: 500, json: { error: { message: 'internal error', type: 'server_error' } } };
    if (marker(prompt, 'garbage') !== null) return { status: 200, text: '<html>gateway</html>' };
    return null;
  }

  async function generations(body: Record<string, unknown>): Promise<FakeReply> {
    const model = String(body.model ?? '');
    if (!model || typeof body.prompt !== 'string' || !body.prompt) return bad('model and prompt are required');
    const early = scripted(body.prompt);
    if (early) return early;
    if (flavour === 'openai') {
      if (model.startsWith('gpt-image') && 'response_format' in body) return bad("Unknown parameter: 'response_format'.");
      const dalle3 = model.startsWith('dall-e-3');
      if (!(dalle3 ? DALLE3_SIZES : GPT_SIZES).includes(String(body.size))) return bad(`Invalid size ${String(body.size)}`);
      const n = Number(body.n ?? 1);
      if (!Number.isInteger(n) || n < 1 || n > (dalle3 ? 1 : 10))
        return bad(dalle3 ? 'dall-e-3 makes one picture per request (n=1)' : 'n must be 1-10');
      const [w, h] = parseSize(body.size)!;
      return answer(n, w, h, model.startsWith('gpt-image') || body.response_format === 'b64_json');
    }
    if (flavour === 'ark') {
      if ('n' in body)
        return {
          status: 400,
          json: { error: { code: 'InvalidParameter', message: 'The parameter `n` specified in the request is not valid.' } },
        };
      let w: number;
      let h: number;
      if (body.size === 'adaptive') {
        if (!model.includes('seededit'))
          return { status: 400, json: { error: { code: 'InvalidParameter', message: 'size adaptive is only for seededit' } } };
        const image = typeof body.image === 'string' ? body.image : '';
        const m = /^data:image\/(png|jpeg);base64,(.+)$/.exec(image);
        if (!m)
          return {
            status: 400,
            json: { error: { code: 'InvalidParameter', message: 'image must be a URL or data:image/<format>;base64,' } },
          };
        const meta = await sharp(Buffer.from(m[2]!, 'base64')).metadata();
        [w, h] = [meta.width!, meta.height!];
      } else {
        const size = parseSize(body.size);
        if (!size || size[0] * size[1] < 1280 * 720)
          return { status: 400, json: { error: { code: 'InvalidParameter', message: `size ${String(body.size)} is not valid` } } };
        [w, h] = size;
      }
      return answer(1, w, h, body.response_format === 'b64_json');
    }
    // zhipu
    const size = parseSize(body.size ?? '1024x1024');
    if (!size || size.some((s) => s < 512 || s > 2048 || s % 16 !== 0) || size[0] * size[1] > 2 ** 21) {
      return { status: 400, json: { error: { code: '1214', message: 'size 参数非法' } } };
    }
    return answer(1, size[0], size[1], false);
  }

  async function edits(req: FakeRequest): Promise<{ reply: FakeReply; fields: Record<string, unknown>; files: Record<string, Buffer> }> {
    const form = await new Response(new Uint8Array(req.body), {
      headers: { 'content-type': String(req.headers['content-type'] ?? '') },
    }).formData();
    const fields: Record<string, unknown> = {};
    const parts: Record<string, Buffer> = {};
    for (const [k, v] of form.entries()) {
      if (typeof v === 'string') fields[k] = v;
      else parts[k] = Buffer.from(await v.arrayBuffer());
    }
    const done = (reply: FakeReply) => ({ reply, fields, files: parts });
    if (!parts.image) return done(bad('image is required'));
    const early = scripted(fields.prompt);
    if (early) return done(early);
    if (String(fields.model).startsWith('gpt-image') && 'response_format' in fields)
      return done(bad("Unknown parameter: 'response_format'."));
    if (!GPT_SIZES.includes(String(fields.size))) return done(bad(`Invalid size ${String(fields.size)}`));
    const image = await sharp(parts.image).metadata();
    if (parts.mask) {
      const mask = await sharp(parts.mask).metadata();
      if (mask.format !== 'png' || !mask.hasAlpha) return done(bad('mask must be a PNG with an alpha channel'));
      if (mask.width !== image.width || mask.height !== image.height) return done(bad('mask and image must have the same dimensions'));
    }
    const [w, h] = parseSize(fields.size)!;
    return done(await answer(Number(fields.n ?? 1), w, h, true));
  }

  return async (req) => {
    if (bearer(req) === 'bad-key') return { status: 401, json: refusals[flavour].auth };
    if (req.method === 'POST' && req.path === '/images/generations') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(req.body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return bad('body is not JSON');
      }
      requests.push({ vendor: flavour, path: req.path, body });
      return generations(body);
    }
    if (req.method === 'POST' && req.path === '/images/edits' && flavour === 'openai') {
      const { reply, fields, files: parts } = await edits(req);
      requests.push({ vendor: flavour, path: req.path, body: fields, files: parts });
      return reply;
    }
    return { status: 404, json: { error: { message: `no route ${req.method} ${req.path}` } } };
  };
}
