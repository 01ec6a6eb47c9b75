import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ffprobe, withWorkDir, type AvLimits } from './run';

/**
 * What a media file really is, read by ffprobe from its bytes (never from its name): the
 * container, its duration, and its first audio and video streams. Upload checks (type, duration),
 * the results' tests (streams, metadata) and the waveform all read it.
 */

export interface MediaFacts {
  /** ffprobe's format_name, e.g. 'mp3', 'wav', 'mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'ogg'. */
  formatName: string;
  /** Seconds (0 when the container does not say). */
  duration: number;
  audio?: { codec: string; sampleRate: number; channels: number };
  video?: { codec: string; width: number; height: number; fps: number };
  /** Container tags, lower-cased keys (the AIGC label, title, comment...). */
  tags: Record<string, string>;
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
  streams?: { codec_type?: string; codec_name?: string; sample_rate?: string; channels?: number; width?: number; height?: number; avg_frame_rate?: string; r_frame_rate?: string; tags?: Record<string, string>; disposition?: { attached_pic?: number } }[];
}

function rate(r: string | undefined): number {
  const [n, d] = (r ?? '0/1').split('/').map(Number);
  return d ? Math.round((n! / d) * 100) / 100 : 0;
}

/** Facts of a file on disk; null when ffprobe cannot read it as media. */
export async function probeFile(path: string, limits: AvLimits = {}): Promise<MediaFacts | null> {
  let out: Buffer;
  try {
    out = await ffprobe(['-print_format', 'json', '-show_format', '-show_streams', path], limits);
  } catch (err) {
    limits.signal?.throwIfAborted();
    if ((err as { reason?: string }).reason === 'missing') throw err;
    return null;
  }
  const json = JSON.parse(out.toString('utf8') || '{}') as ProbeJson;
  if (!json.format?.format_name) return null;
  const streams = json.streams ?? [];
  const a = streams.find((s) => s.codec_type === 'audio');
  // A cover picture in an MP3 is a "video" stream with attached_pic: not a video.
  const v = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const tags: Record<string, string> = {};
  for (const [k, val] of Object.entries(json.format.tags ?? {})) tags[k.toLowerCase()] = val;
  return {
    formatName: json.format.format_name,
    duration: Number(json.format.duration ?? 0) || 0,
    ...(a ? { audio: { codec: a.codec_name ?? '', sampleRate: Number(a.sample_rate ?? 0), channels: a.channels ?? 0 } } : {}),
    ...(v ? { video: { codec: v.codec_name ?? '', width: v.width ?? 0, height: v.height ?? 0, fps: rate(v.avg_frame_rate) || rate(v.r_frame_rate) } } : {}),
    tags,
  };
}

/** Facts of bytes in memory (written to a private temporary file for ffprobe). */
export function probeBytes(bytes: Buffer, limits: AvLimits = {}): Promise<MediaFacts | null> {
  return withWorkDir(async (dir) => {
    const path = join(dir, 'input');
    await writeFile(path, bytes);
    return probeFile(path, limits);
  });
}

/** The kind of media the facts describe: video when a real picture stream is there, audio when only sound. */
export function mediaKind(facts: MediaFacts | null): 'audio' | 'video' | null {
  if (!facts) return null;
  if (facts.video) return 'video';
  return facts.audio ? 'audio' : null;
}
