import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { Code, MSG } from '@wanxiang/contract';
import type { AuthUser } from '../../http/auth-user';
import { AppError, badRequest } from '../../http/errors';
import { enforce } from '../../http/rate-limit';
import { FILE_IMAGE_MAX_PIXELS } from '../files/service';
import { imageInput, pickVisionModel, type DescribeContext } from '../img/describe-image';
import { releaseReservation, reserveQuota, settleReservation } from '../quota/service';

/**
 * deep_danbooru (old clients' image tag recognition, used to fill a prompt from a picture): there
 * is no DeepDanbooru model here; the tags come from the vision model (chat completions), paid like
 * 图片反推 (one count of the vision model's key). In demo mode (no vision vendor) the answer says
 * plainly it is a 演示 answer, with tags read only from the picture's shape and colour.
 */

const INSTRUCTION =
  '请识别这张图片，输出 8 到 20 个英文 Danbooru 风格标签（小写，下划线连接单词），只输出标签，用英文逗号分隔，不要其他文字。';

export function deepDanbooruModel(ctx: Pick<DescribeContext, 'catalog' | 'llm'>) {
  const model = pickVisionModel(ctx);
  return {
    model: ctx.llm.demo || !model ? 'demo' : model.upstreamModel,
    demo: ctx.llm.demo || !model,
    note: '标签由视觉大模型识别（兼容 deep_danbooru 接口），并非 DeepDanbooru 模型',
  };
}

export async function deepDanbooru(
  ctx: DescribeContext,
  user: Pick<AuthUser, 'id' | 'vip'>,
  image: unknown,
): Promise<{ tags: string[]; prompt: string; demo: boolean; note?: string }> {
  if (typeof image !== 'string' || !image) throw badRequest(MSG.vgImageRequired);
  await enforce(ctx.kv, `video:tags:${user.id}`, 60, 10, MSG.imgDescribeTooFast);
  const { data, mime } = await imageInput(ctx, user.id, image);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: FILE_IMAGE_MAX_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
  } catch {
    throw badRequest(MSG.imgImageInvalid);
  }
  const model = pickVisionModel(ctx);
  if (ctx.llm.demo || !model) {
    const w = meta.width!;
    const h = meta.height!;
    const tags = ['demo_tags', w > h ? 'landscape' : w < h ? 'portrait' : 'square', 'highres', 'no_humans_detected_in_demo'];
    return { tags, prompt: tags.join(', '), demo: true, note: MSG.vgTagsDemo };
  }
  const hold = await reserveQuota(ctx, user, model, `video:tags:${randomUUID()}`);
  let out = '';
  try {
    for await (const d of ctx.llm.stream({
      model,
      messages: [
        {
          role: 'user',
          content: INSTRUCTION,
          parts: [
            { type: 'text', text: INSTRUCTION },
            { type: 'image_url', image_url: { url: `data:${mime};base64,${data.toString('base64')}` } },
          ],
        },
      ],
      temperature: 0.2,
      maxTokens: 300,
      signal: AbortSignal.timeout(60_000),
    })) {
      if (d.type === 'text') out += d.text;
      if (out.length > 2_000) break;
    }
  } catch {
    await releaseReservation(ctx, hold);
    throw new AppError(Code.FAILED, MSG.vgTagsFailed);
  }
  const tags = [
    ...new Set(
      out
        .split(/[,，\n]/)
        .map((t) => t.trim().toLowerCase().replace(/\s+/g, '_'))
        .filter((t) => /^[\p{L}\p{N}_()'.:-]{1,40}$/u.test(t)),
    ),
  ].slice(0, 30);
  if (!tags.length) {
    await releaseReservation(ctx, hold);
    throw new AppError(Code.FAILED, MSG.vgTagsFailed);
  }
  await settleReservation(ctx, hold);
  return { tags, prompt: tags.join(', '), demo: false };
}
