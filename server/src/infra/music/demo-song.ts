import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sox, withWorkDir } from '../av';
import type { SongRequest, SongTake, SongVendor } from './types';

/**
 * The demo composer (no music vendor configured): a real melody rendered by sox, never a
 * recording. A seeded chord progression in a seeded key and tempo, 12 bars (about 24-32 s);
 * the melody has one note per syllable of the lyrics (a Chinese character or a Latin word), its
 * pitch taken from the syllable, on the progression's chord tones at the start of each bar. Two
 * takes differ in seed, tempo, rhythm and instrument (plucked string vs soft sine). The takes are
 * WAV here; the music tool turns them into labelled MP3.
 */

const BARS = 12;
const MAJOR = [0, 2, 4, 5, 7, 9, 11];
/** Progressions as scale degrees (0 = I): I-V-vi-IV, vi-IV-I-V, I-vi-IV-V, IV-V-iii-vi. */
const PROGRESSIONS = [
  [0, 4, 5, 3],
  [5, 3, 0, 4],
  [0, 5, 3, 4],
  [3, 4, 2, 5],
];
/** Bar rhythms in eighth notes (each sums to 8). */
const RHYTHMS = [
  [2, 2, 2, 2],
  [1, 1, 2, 2, 2],
  [3, 1, 2, 2],
  [2, 1, 1, 4],
  [1, 1, 1, 1, 2, 2],
];

/** A small deterministic generator (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Syllables of the lyrics: each CJK character, each Latin word or number (section tags dropped). */
export function syllables(lyrics: string): string[] {
  return lyrics.replace(/\[[^\]]*\]/g, ' ').match(/[\u3400-\u9fff]|[A-Za-z']+|\d+/g) ?? [];
}

/** A scale degree (any integer) in the key as sox's %n: semitones from A440. */
function pitch(key: number, degree: number, octave: number): string {
  const o = Math.floor(degree / 7);
  const d = ((degree % 7) + 7) % 7;
  // C4 is %-9; key shifts the tonic up by semitones.
  return `%${-9 + key + MAJOR[d]! + 12 * (octave - 4 + o)}`;
}

export interface DemoScore {
  tempo: number;
  key: number;
  /** sox effect chains of the melody and of the chords, each note or chord one chain. */
  melody: string[][];
  chords: string[][];
  seconds: number;
}

/** The score of one take: deterministic for (request, seed). */
export function demoScore(req: Pick<SongRequest, 'lyrics' | 'prompt' | 'title' | 'seed'>, take: number): DemoScore {
  const rand = seeded(req.seed * 31 + take * 7919);
  const tempo = 88 + Math.floor(rand() * 32) + take * 6;
  const key = Math.floor(rand() * 7) - 3;
  const eighth = 30 / tempo;
  const progression = PROGRESSIONS[Math.floor(rand() * PROGRESSIONS.length)]!;
  const words = syllables(req.lyrics || req.prompt || req.title);
  const voice = take === 0 ? (d: number, p: string) => ['synth', d.toFixed(3), 'pluck', p] : (d: number, p: string) => ['synth', d.toFixed(3), 'sine', p, 'fade', 'q', '0.02', d.toFixed(3), (d / 3).toFixed(3), 'vol', '0.6'];
  const melody: string[][] = [];
  const chords: string[][] = [];
  let w = 0;
  let prev = 4;
  for (let bar = 0; bar < BARS; bar++) {
    const root = progression[bar % progression.length]!;
    const barSeconds = eighth * 8;
    const tones = [root, root + 2, root + 4].map((d) => pitch(key, d, 3));
    chords.push(['synth', barSeconds.toFixed(3), ...tones.flatMap((t) => [take === 0 ? 'sine' : 'pluck', t]), 'remix', '-', 'fade', 'q', '0.05', barSeconds.toFixed(3), '0.3', 'vol', '0.35']);
    const rhythm = bar === BARS - 1 ? [8] : RHYTHMS[Math.floor(rand() * RHYTHMS.length)]!;
    rhythm.forEach((len, i) => {
      const word = words.length ? words[w++ % words.length]! : String(bar);
      const code = [...word].reduce((n, ch) => n + ch.codePointAt(0)!, 0);
      // The first note of a bar sits on a chord tone; the others move by small steps from the last.
      const degree = i === 0 ? root + [0, 2, 4][code % 3]! + 7 : Math.max(3, Math.min(13, prev + ((code + Math.floor(rand() * 5)) % 5) - 2));
      prev = degree;
      melody.push(voice(len * eighth, pitch(key, degree, 4)));
    });
  }
  return { tempo, key, melody, chords, seconds: BARS * 8 * eighth };
}

/** Chains joined for one sox call (`:` runs them one after another). */
const joined = (chains: string[][]) => chains.flatMap((c, i) => (i ? [':', ...c] : c));

/** Render one take as WAV (44.1 kHz stereo). */
export async function renderDemoTake(score: DemoScore, signal?: AbortSignal): Promise<Buffer> {
  return withWorkDir(async (dir) => {
    const m = join(dir, 'melody.wav');
    const c = join(dir, 'chords.wav');
    const out = join(dir, 'take.wav');
    const lim = { timeoutMs: 60_000, ...(signal ? { signal } : {}) };
    await sox(['-n', '-r', '44100', '-c', '1', m, ...joined(score.melody)], lim);
    await sox(['-n', '-r', '44100', '-c', '1', c, ...joined(score.chords)], lim);
    await sox(['-m', m, c, '-c', '2', out, 'reverb', '35', 'gain', '-n', '-2', 'fade', 't', '0.1', String(score.seconds.toFixed(2)), '1.5'], lim);
    return readFile(out);
  });
}

export function demoComposer(): SongVendor {
  return {
    name: 'demo',
    async song(req, signal, note) {
      await note({ vendor: 'demo' });
      const takes: SongTake[] = [];
      for (const t of [0, 1]) {
        const score = demoScore(req, t);
        takes.push({ audio: await renderDemoTake(score, signal), format: 'wav', lyrics: req.instrumental ? '' : req.lyrics, duration: score.seconds });
      }
      return takes;
    },
  };
}
