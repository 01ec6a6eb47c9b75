import { bearer, marker, type FakeFiles, type FakeReply, type FakeRoutes, type Recorded } from './shared';

/**
 * SiliconFlow images: `POST /images/generations` {model, prompt, negative_prompt, image_size,
 * batch_size 1-4, seed, image (URL or data URL)}, answering `images[].url`. Kolors takes only its
 * listed sizes. A refused key gets a plain-text 401, as SiliconFlow's gateway answers.
 */

const KOLORS_SIZES = ['1024x1024', '960x1280', '768x1024', '720x1440', '720x1280'];

const bad = (message: string): FakeReply => ({ status: 400, json: { code: 20015, message, data: null } });

export function siliconFlowRoutes(files: FakeFiles, requests: Recorded[]): FakeRoutes {
  return async (req) => {
    if (bearer(req) === 'bad-key') return { status: 401, text: 'Invalid token' };
    if (req.method !== 'POST' || req.path !== '/images/generations') return { status: 404, text: 'not found' };
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return bad('body is not JSON');
    }
    requests.push({ vendor: 'siliconflow', path: req.path, body });
    if (!body.model || typeof body.prompt !== 'string') return bad('model and prompt are required');
    if (marker(body.prompt, 'content') !== null)
      return { status: 400, json: { code: 30001, message: 'Your prompt contains sensitive content', data: null } };
    if (marker(body.prompt, '500') !== null) return { status: 503, json: { code: 50505, message: 'Model service overloaded', data: null } };
    const size = /^(\d+)x(\d+)$/.exec(String(body.image_size ?? ''));
    if (!size) return bad('image_size must be WxH');
    if (String(body.model).toLowerCase().includes('kolors') && !KOLORS_SIZES.includes(String(body.image_size)))
      return bad(`image_size ${String(body.image_size)} is not supported`);
    const batch = Number(body.batch_size ?? 1);
    if (!Number.isInteger(batch) || batch < 1 || batch > 4) return bad('batch_size must be 1-4');
    if (body.image !== undefined && !/^(https?:\/\/|data:image\/(png|jpeg|webp);base64,)/.test(String(body.image)))
      return bad('image must be a URL or a data URL');
    const images = [];
    for (let i = 0; i < batch; i++) images.push({ url: (await files.picture(Number(size[1]), Number(size[2]))).url });
    return { status: 200, json: { images, timings: { inference: 0.4 }, seed: body.seed ?? 42 } };
  };
}
