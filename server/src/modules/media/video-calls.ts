import { MEDIA_LIMITS, MSG, type MediaFileRes, type ShortVideoReq, type Video2AudioReq } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { refused } from '../../http/errors';
import { mediaKind, probeBytes } from '../../infra/av';
import { SafeFetchError } from '../../infra/safe-fetch';
import { TaskFailure } from '../../jobs';
import { extractAudio } from '../../tools/tasks/media/video-edit-tools/extract';
import { baseName, readVideo } from '../../tools/tasks/media/video-edit-tools/video-inputs';
import { saveFile } from '../files/service';
import { decodeHtml } from './decode';

/**
 * media/getShortViedo and media/video2audio (search-agents-tools §7.6). A short-video link is
 * fetched through the SSRF-safe fetch only: a direct video file, or a public page whose og:video
 * (or first <video src>) names one. Platforms that sign their video URLs through private APIs are
 * not scraped. Results are stored as the caller's own files.
 */

export type VideoCallsContext = Pick<AppContext, 'database' | 'storage' | 'safeFetch'>;

const LINK_TIMEOUT_MS = 60_000;
const PAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The video a page announces: og:video(:secure_url|:url), twitter:player:stream, or a <video>/<source> src. */
export function videoUrlOfPage(html: string, base: string): string | null {
  const metas = [...html.matchAll(/<meta\s[^>]*>/gi)].map((m) => m[0]);
  const attr = (tag: string, name: string) => new RegExp(`${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const wanted = ['og:video:secure_url', 'og:video:url', 'og:video', 'twitter:player:stream'];
  let found: string | undefined;
  for (const key of wanted) {
    const tag = metas.find((m) => (attr(m, 'property') ?? attr(m, 'name'))?.toLowerCase() === key);
    found = tag ? attr(tag, 'content') : undefined;
    if (found) break;
  }
  found ??= /<(?:video|source)\s[^>]*src\s*=\s*["']([^"']+)["']/i.exec(html)?.[1];
  if (!found) return null;
  try {
    const url = new URL(found.replace(/&amp;/g, '&'), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

const isHtml = (type: string) => type === 'text/html' || type === 'application/xhtml+xml';

async function fetchLink(ctx: VideoCallsContext, url: string, maxBytes: number) {
  try {
    return await ctx.safeFetch(url, { maxBytes, timeoutMs: LINK_TIMEOUT_MS, headers: { accept: 'video/*,text/html;q=0.8,*/*;q=0.1' } });
  } catch (err) {
    if (err instanceof SafeFetchError) throw refused(err.reason === 'too_large' ? MSG.veLinkTooLarge : err.message);
    throw err;
  }
}

export async function fetchShortVideo(ctx: VideoCallsContext, userId: number, req: ShortVideoReq): Promise<MediaFileRes> {
  const first = /https?:\/\/[^\s，。]+/i.exec(req.url)?.[0];
  if (!first) throw refused(MSG.linkInvalid);
  let res = await fetchLink(ctx, first, MEDIA_LIMITS.videoMaxBytes);
  const type = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (isHtml(type)) {
    if (res.body.length > PAGE_MAX_BYTES) throw refused(MSG.veLinkNoVideo);
    const video = videoUrlOfPage(decodeHtml(res.body, res.headers['content-type'] ?? 'text/html'), res.url);
    if (!video) throw refused(MSG.veLinkNoVideo);
    res = await fetchLink(ctx, video, MEDIA_LIMITS.videoMaxBytes);
  }
  const facts = await probeBytes(res.body).catch(() => null);
  if (!facts || mediaKind(facts) !== 'video' || !facts.video) throw refused(MSG.veLinkNoVideo);
  if (facts.duration > MEDIA_LIMITS.videoMaxSeconds) throw refused(MSG.veTooLong('视频', MEDIA_LIMITS.videoMaxSeconds));
  const fromPath = decodeURIComponent(new URL(res.url).pathname.split('/').pop() ?? '').replace(/\.[^.]*$/, '');
  const ext = facts.formatName.includes('webm') ? 'webm' : facts.formatName.includes('matroska') ? 'mkv' : 'mp4';
  const saved = await saveFile(ctx, { userId, name: `${(fromPath || '短视频').slice(0, 60)}.${ext}`, contentType: ext === 'mp4' ? 'video/mp4' : `video/${ext === 'mkv' ? 'x-matroska' : 'webm'}`, body: res.body, purpose: 'upload' });
  return { fileId: saved.id, name: saved.name, url: saved.url, contentType: saved.contentType, bytes: saved.bytes, duration: facts.duration, width: facts.video.width, height: facts.video.height };
}

export async function videoToAudio(ctx: VideoCallsContext, userId: number, req: Video2AudioReq, signal: AbortSignal): Promise<MediaFileRes> {
  try {
    const video = await readVideo(ctx, userId, req.file_id);
    if (!video.facts.audio) throw new TaskFailure(MSG.veNoAudio);
    const format = req.format ?? 'mp3';
    const body = await extractAudio(video, format, signal);
    const duration = (await probeBytes(body).catch(() => null))?.duration ?? video.facts.duration;
    const contentType = format === 'mp3' ? 'audio/mpeg' : 'audio/wav';
    const saved = await saveFile(ctx, { userId, name: `${baseName(video.name)}-音频.${format}`, contentType, body, purpose: 'result' });
    return { fileId: saved.id, name: saved.name, url: saved.url, contentType, bytes: saved.bytes, duration };
  } catch (err) {
    if (err instanceof TaskFailure) throw refused(err.message);
    throw err;
  }
}
