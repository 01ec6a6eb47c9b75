import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { Code, IMG_DATA_URL_TYPES, IMG_DESCRIBE_MAX_BYTES, MSG } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import type { AuthUser } from '../../http/auth-user';
import { AppError, badRequest, refused } from '../../http/errors';
import { enforce } from '../../http/rate-limit';
import { encodeGivenAnswer, GIVEN_ANSWER_HEADER } from '../../llm/demo-upstream/given-answer';
import { FILE_IMAGE_MAX_PIXELS, ownFile, readFileBytes } from '../files/service';
import { releaseReservation, reserveQuota, settleReservation } from '../quota/service';

/**
 * POST /api/v1/ocr/descriptionImage {image} (图片反推 / 看图说话): a vision model describes one
 * image, answered whole as `data.description`. The image is one of the caller's files (by id) or
 * a data URL, at most IMG_DESCRIBE_MAX_BYTES either way, and must decode as a picture. It is paid
 * like an image question in chat: one count of the vision model's quota key (chat_image 图片理解)
 * held before the model is asked, charged when a description came back, given back otherwise.
 */

export type DescribeContext = Pick<AppContext, 'catalog' | 'llm' | 'kv' | 'config' | 'database' | 'storage'>;

export const IMG_DESCRIBE_PER_MINUTE = 10;
export const IMG_DESCRIBE_TIMEOUT_MS = 60_000;
const ANSWER_MAX = 2_000;
const MB = 1024 * 1024;

export const DESCRIBE_INSTRUCTION =
  '请用中文详细描述这张图片：主体、动作、场景、构图、光线、色彩和风格。最后另起一行，以“提示词：”开头，给出一段可以用来重新画出这张图的文生图提示词。';

const DATA_URL = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/=\s]*)$/s;
const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The image's bytes and type from a data URL or one of the caller's files; Chinese 400s for anything else. */
export async function imageInput(ctx: DescribeContext, userId: number, image: string): Promise<{ data: Buffer; mime: string }> {
  const tooLarge = () => badRequest(MSG.imgImageTooLarge(IMG_DESCRIBE_MAX_BYTES / MB));
  if (image.startsWith('data:')) {
    const m = DATA_URL.exec(image);
    if (!m || !(IMG_DATA_URL_TYPES as readonly string[]).includes(m[1]!.toLowerCase())) throw badRequest(MSG.imgImageInvalid);
    // Refused from its length before it is decoded: base64 is 4 characters per 3 bytes.
    if (Math.floor((m[2]!.replace(/\s/g, '').length * 3) / 4) > IMG_DESCRIBE_MAX_BYTES + 2) throw tooLarge();
    const data = Buffer.from(m[2]!, 'base64');
    if (data.length === 0) throw badRequest(MSG.imgImageInvalid);
    if (data.length > IMG_DESCRIBE_MAX_BYTES) throw tooLarge();
    return { data, mime: m[1]!.toLowerCase() };
  }
  if (!FILE_ID.test(image)) throw badRequest(MSG.imgImageInvalid);
  const file = await ownFile(ctx, userId, image);
  if (!file.contentType.startsWith('image/')) throw badRequest(MSG.imgFileNotImage);
  if (file.bytes > IMG_DESCRIBE_MAX_BYTES) throw tooLarge();
  const { data } = await readFileBytes(ctx, userId, image);
  return { data, mime: file.contentType };
}

/** The vision model: the catalog's 图片理解 entry when served, else the first served model that reads images. */
export function pickVisionModel(ctx: Pick<AppContext, 'catalog' | 'llm'>): CatalogModel | undefined {
  const usable = (m: CatalogModel | undefined): m is CatalogModel => Boolean(m && m.online && m.resloveType === 'image' && ctx.llm.available(m));
  const preferred = ctx.catalog.get('image');
  return usable(preferred) ? preferred : ctx.catalog.models().find(usable);
}

/** The demo upstream's description, from what the picture really is (size, format, mean colour). */
export async function demoDescription(meta: { width: number; height: number; format: string }, data: Buffer): Promise<string> {
  const stats = await sharp(data, { limitInputPixels: FILE_IMAGE_MAX_PIXELS }).stats();
  const [r = 0, g = 0, b = 0] = stats.channels.map((c) => Math.round(c.mean));
  const tone = r > g && r > b ? '暖红' : g > r && g > b ? '清新的绿' : b > r && b > g ? '冷蓝' : '中性灰';
  const shape = meta.width > meta.height ? '横版' : meta.width < meta.height ? '竖版' : '方形';
  return [
    `（演示）这是一张 ${meta.width}×${meta.height} 像素的${shape} ${meta.format.toUpperCase()} 图片，整体色调偏${tone}色（平均颜色 rgb(${r}, ${g}, ${b})）。`,
    '演示模式没有接入视觉模型，配置视觉模型的服务商密钥后，这里会给出画面内容的详细描述。',
    `提示词：${shape}构图，${tone}色调，高清画质，细节丰富`,
  ].join('\n');
}

export async function describeImage(ctx: DescribeContext, user: Pick<AuthUser, 'id' | 'vip'>, image: string): Promise<{ description: string }> {
  await enforce(ctx.kv, `img:describe:${user.id}`, 60, IMG_DESCRIBE_PER_MINUTE, MSG.imgDescribeTooFast);
  const { data, mime } = await imageInput(ctx, user.id, image);
  let meta: { width: number; height: number; format: string };
  try {
    const m = await sharp(data, { limitInputPixels: FILE_IMAGE_MAX_PIXELS }).metadata();
    if (!m.width || !m.height || !m.format) throw new Error('no size');
    meta = { width: m.width, height: m.height, format: m.format };
  } catch {
    throw badRequest(MSG.imgImageInvalid);
  }
  const model = pickVisionModel(ctx);
  if (!model) throw new AppError(Code.MODEL_OFFLINE, MSG.modelOffline);
  const hold = await reserveQuota(ctx, user, model, `img:describe:${randomUUID()}`);
  let out = '';
  try {
    const headers = ctx.llm.demo ? { [GIVEN_ANSWER_HEADER]: encodeGivenAnswer(await demoDescription(meta, data)) } : undefined;
    for await (const d of ctx.llm.stream({
      model,
      messages: [
        {
          role: 'user',
          content: DESCRIBE_INSTRUCTION,
          parts: [
            { type: 'text', text: DESCRIBE_INSTRUCTION },
            { type: 'image_url', image_url: { url: `data:${mime};base64,${data.toString('base64')}` } },
          ],
        },
      ],
      temperature: 0.3,
      maxTokens: 1_000,
      signal: AbortSignal.timeout(IMG_DESCRIBE_TIMEOUT_MS),
      headers,
    })) {
      if (d.type === 'text') out += d.text;
      if (out.length > ANSWER_MAX) break;
    }
  } catch (err) {
    await releaseReservation(ctx, hold);
    const failure = refused(MSG.imgDescribeFailed, Code.FAILED);
    failure.cause = err;
    throw failure;
  }
  const description = [...out.trim()].slice(0, ANSWER_MAX).join('');
  if (!description) {
    await releaseReservation(ctx, hold);
    throw refused(MSG.imgDescribeFailed, Code.FAILED);
  }
  await settleReservation(ctx, hold);
  return { description };
}
