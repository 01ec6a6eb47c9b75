import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../../../context';
import { ffmpeg, withWorkDir } from '../../../../infra/av';
import type { VideoPicture } from '../../../../infra/video';

/**
 * Demo mode's video (no vendor key): a real short film made by ffmpeg from pictures (the demo
 * painter's, 2-3 from the prompt; or the user's own picture for image to video), each with a slow
 * zoom or pan (zoompan) and crossfades between them, with the demo narration of the prompt
 * (espeak-ng through ctx.speech) as its sound track (silence when speech is off). The caller
 * labels it 演示 (finishVideo).
 */

const FPS = 25;
const FADE = 0.6;
const SIZES = { '16:9': [640, 360], '9:16': [360, 640], '1:1': [480, 480] } as const;

export type DemoFilmContext = Pick<AppContext, 'images' | 'speech'>;

export async function demoPictures(
  ctx: DemoFilmContext,
  prompt: string,
  count: number,
  ratio: keyof typeof SIZES,
  signal: AbortSignal,
): Promise<VideoPicture[]> {
  const route = ctx.images.route('generate');
  if (!route) return [];
  const [w, h] = SIZES[ratio];
  const pics = await route.adapter.run(
    { op: 'generate', model: route.model, prompt, width: w, height: h, count },
    { signal, progress: async () => {}, keepVendorState: async () => {} },
  );
  return pics.map((p) => ({ bytes: p.bytes, mime: p.mime }));
}

export async function demoFilm(
  ctx: DemoFilmContext,
  opts: { pictures: VideoPicture[]; narration: string; duration: number; ratio: keyof typeof SIZES; signal: AbortSignal },
): Promise<Buffer> {
  const { pictures, duration, signal } = opts;
  const [w, h] = SIZES[opts.ratio];
  const n = Math.max(1, pictures.length);
  // Segment length so that n segments overlapping by FADE last exactly `duration`.
  const seg = (duration + (n - 1) * FADE) / n;
  const frames = Math.round(seg * FPS);
  let voice: Buffer | null = null;
  if (ctx.speech && opts.narration) {
    voice = await ctx.speech
      .synthesize({ text: opts.narration.slice(0, 200), format: 'wav', signal })
      .then((r) => r.bytes)
      .catch(() => null);
  }
  return withWorkDir(async (dir) => {
    const args: string[] = [];
    for (const [i, p] of pictures.entries()) {
      const file = join(dir, `p${i}.${p.mime === 'image/jpeg' ? 'jpg' : p.mime === 'image/webp' ? 'webp' : 'png'}`);
      await writeFile(file, p.bytes);
      args.push('-i', file);
    }
    if (voice) {
      await writeFile(join(dir, 'voice.wav'), voice);
      args.push('-i', join(dir, 'voice.wav'));
    } else {
      args.push('-f', 'lavfi', '-t', String(duration), '-i', 'anullsrc=r=44100:cl=mono');
    }
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      // Alternate a centred slow zoom-in with a left-to-right pan, so each picture moves differently.
      const x = i % 2 === 0 ? `iw/2-(iw/zoom/2)` : `(iw-iw/zoom)*on/${frames}`;
      parts.push(
        `[${i}:v]scale=${w * 2}:${h * 2}:force_original_aspect_ratio=increase,crop=${w * 2}:${h * 2},setsar=1,` +
          `zoompan=z='min(zoom+0.0012,1.25)':x='${x}':y='ih/2-(ih/zoom/2)':d=${frames}:s=${w}x${h}:fps=${FPS},format=yuv420p[v${i}]`,
      );
    }
    let last = 'v0';
    for (let i = 1; i < n; i++) {
      const offset = (i * (seg - FADE)).toFixed(3);
      parts.push(`[${last}][v${i}]xfade=transition=fade:duration=${FADE}:offset=${offset}[x${i}]`);
      last = `x${i}`;
    }
    parts.push(`[${n}:a]aresample=44100,apad[aout]`);
    const out = join(dir, 'film.mp4');
    await ffmpeg(
      [
        ...args,
        '-filter_complex',
        parts.join(';'),
        '-map',
        `[${last}]`,
        '-map',
        '[aout]',
        '-t',
        String(duration),
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-y',
        out,
      ],
      { signal, timeoutMs: 180_000 },
    );
    return readFile(out);
  });
}
