import { setTimeout as sleep } from 'node:timers/promises';
import { API_KEYS_MSG as M, IMAGE_COUNT_MAX, IMAGE_SIZES } from '@wanxiang/contract';
import { z } from 'zod';
import type { AuthUser } from '../../http/auth-user';
import { readFileBytes } from '../files/service';
import { imgTaskStatus, submitImgCall, type ImgContext } from '../img/service';
import { badBody, OpenAiError } from './errors';

/**
 * POST /v1/images/generations through the image tools' entry point (the web's 文生图, `txt2img`): the same form check,
 * the same task engine that holds a `draw` count (or points), charges it once when the picture is made and gives it
 * back when it fails. OpenAI's call is synchronous, so the request waits for the task; a client that leaves stops the
 * wait, not the task (the picture still lands in the user's 我的作品 and is paid as a made picture). Pictures are
 * answered as `b64_json`, as gpt-image-1 does: our file URLs need a web session an API client does not have.
 */
export const ImagesBodySchema = z.object({
  prompt: z.string({ error: M.openaiImagePromptRequired }).trim().min(1, { error: M.openaiImagePromptRequired }),
  model: z.string().optional(),
  n: z.number().int().min(1).max(IMAGE_COUNT_MAX).nullish(),
  size: z.string().max(32).nullish(),
  response_format: z.enum(['b64_json', 'url']).nullish(),
});
export type ImagesBody = z.infer<typeof ImagesBodySchema>;

/** How long the request waits for the picture before answering 504 (the task runs on). */
const WAIT_MS = 180_000;
const POLL_MS = 200;

export interface ImagesAnswer {
  created: number;
  data: { b64_json: string; revised_prompt?: string }[];
}

export function parseImagesBody(input: unknown): ImagesBody {
  const r = ImagesBodySchema.safeParse(input ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  if (issue.path[0] === 'prompt') throw badBody(M.openaiImagePromptRequired);
  throw badBody(M.openaiBadBody(`${issue.path.join('.') || 'body'} 字段不正确`));
}

/** OpenAI's `WIDTHxHEIGHT` (or `auto`) as the nearest of the tool's ratios. */
export function ratioOfSize(size: string | null | undefined): string {
  const m = /^(\d{2,5})x(\d{2,5})$/.exec(size ?? '');
  if (!m) return '1:1';
  const want = Math.log(Number(m[1]) / Number(m[2]));
  let best: string = IMAGE_SIZES[0];
  for (const r of IMAGE_SIZES) {
    const [w, h] = r.split(':').map(Number) as [number, number];
    const [bw, bh] = best.split(':').map(Number) as [number, number];
    if (Math.abs(Math.log(w / h) - want) < Math.abs(Math.log(bw / bh) - want)) best = r;
  }
  return best;
}

/** Run the picture task and wait for it; null when the client left first. */
export async function generateImages(ctx: ImgContext, user: AuthUser, body: ImagesBody, signal: AbortSignal): Promise<ImagesAnswer | null> {
  const { task_id } = await submitImgCall(ctx, user, 'txt2img', { prompt: body.prompt, size: ratioOfSize(body.size), count: body.n ?? 1 });
  const deadline = Date.now() + WAIT_MS;
  while (!signal.aborted) {
    const status = await imgTaskStatus(ctx, user, task_id);
    if (status.status === 'succeeded') {
      const data = [];
      for (const image of status.images ?? []) {
        const id = image.url.split('/').pop()!;
        const { data: bytes } = await readFileBytes(ctx, user.id, id);
        data.push({ b64_json: bytes.toString('base64') });
      }
      return { created: Math.floor(Date.now() / 1000), data };
    }
    if (status.status === 'failed' || status.status === 'canceled') {
      throw new OpenAiError(502, status.error || M.openaiImageFailed, 'upstream_error', 'image_failed');
    }
    if (Date.now() > deadline) throw new OpenAiError(504, M.openaiImageTimeout, 'server_error', 'timeout');
    await sleep(POLL_MS, undefined, { signal }).catch(() => undefined);
  }
  return null;
}
