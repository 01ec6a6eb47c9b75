import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ffmpeg, withWorkDir } from '../../../../infra/av';

/**
 * What the demo clone takes from a sample: the speaker's mean pitch (autocorrelation over voiced
 * 40 ms frames of 16 kHz mono PCM decoded by ffmpeg) and how much of the time they speak. The demo
 * voice then picks the male or female espeak voice and shifts it to that pitch: a rough likeness,
 * labelled 演示, so the clone flow works end to end without a vendor.
 */

const RATE = 16_000;
const FRAME = 640;
const MIN_F0 = 70;
const MAX_F0 = 400;

export interface SampleTraits {
  /** Median fundamental frequency of voiced frames in Hz (0 when none was found). */
  f0: number;
  /** Share of frames with voice, 0-1. */
  voiced: number;
}

export function estimateTraits(pcm: Int16Array): SampleTraits {
  const f0s: number[] = [];
  let frames = 0;
  let rmsMax = 0;
  for (let i = 0; i + FRAME <= pcm.length; i += FRAME) {
    let e = 0;
    for (let j = 0; j < FRAME; j++) e += pcm[i + j]! * pcm[i + j]!;
    rmsMax = Math.max(rmsMax, Math.sqrt(e / FRAME));
  }
  for (let i = 0; i + FRAME <= pcm.length; i += FRAME) {
    frames++;
    let e = 0;
    for (let j = 0; j < FRAME; j++) e += pcm[i + j]! * pcm[i + j]!;
    if (Math.sqrt(e / FRAME) < rmsMax * 0.15) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = Math.floor(RATE / MAX_F0); lag <= Math.ceil(RATE / MIN_F0); lag++) {
      let c = 0;
      for (let j = 0; j + lag < FRAME; j++) c += pcm[i + j]! * pcm[i + j + lag]!;
      c /= FRAME - lag;
      if (c > best) {
        best = c;
        bestLag = lag;
      }
    }
    // A clear period only (half of the frame's energy at that lag): noise has none.
    if (bestLag && best > (e / FRAME) * 0.5) f0s.push(RATE / bestLag);
  }
  f0s.sort((a, b) => a - b);
  return { f0: f0s.length ? f0s[Math.floor(f0s.length / 2)]! : 0, voiced: frames ? f0s.length / frames : 0 };
}

export async function sampleTraits(bytes: Buffer, signal?: AbortSignal): Promise<SampleTraits> {
  return withWorkDir(async (dir) => {
    const src = join(dir, 'in');
    const raw = join(dir, 'out.raw');
    await writeFile(src, bytes);
    await ffmpeg(['-i', src, '-vn', '-ac', '1', '-ar', String(RATE), '-t', '60', '-f', 's16le', raw], { signal });
    const buf = await readFile(raw);
    return estimateTraits(new Int16Array(buf.buffer, buf.byteOffset, Math.floor(buf.byteLength / 2)));
  });
}

/** The demo voice's settings for a speaker: base voice by pitch, semitones from its nominal pitch. */
export function demoVoiceParams(t: SampleTraits): { base: 'demo-male' | 'demo-female'; pitch: number; speed: number; f0: number } {
  const f0 = t.f0 || 150;
  const female = f0 >= 165;
  const nominal = female ? 220 : 120;
  const pitch = Math.round(Math.min(6, Math.max(-6, 12 * Math.log2(f0 / nominal))));
  // Someone who leaves few pauses talks faster: 60 % voiced frames is an even pace.
  const speed = Math.round(Math.min(1.2, Math.max(0.85, 1 + (t.voiced - 0.6) * 0.5)) * 100) / 100;
  return { base: female ? 'demo-female' : 'demo-male', pitch, speed, f0: Math.round(f0) };
}
