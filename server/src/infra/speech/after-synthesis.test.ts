import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inFormat } from './index';
import type { SpeechJob, TextToSpeech } from './types';

/**
 * A vendor without speed or pitch controls still honours the form: inFormat asks it for normal
 * speech and rubberband applies the rest. The "vendor" here answers 2 s of a 440 Hz tone as WAV,
 * so the length and the frequency of the result show what was done.
 */

const dir = mkdtempSync(join(tmpdir(), 'after-synth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2:sample_rate=24000', join(dir, 'tone.wav')]);
const tone = readFileSync(join(dir, 'tone.wav'));

function vendor(native: TextToSpeech['native']) {
  const asked: SpeechJob[] = [];
  const tts: TextToSpeech = { name: 'fake', demo: false, maxChars: 100, native, voices: () => [], synthesize: async (job) => (asked.push(job), { bytes: tone, mime: 'audio/wav', demo: false }) };
  return { tts: inFormat(tts), asked };
}

/** Length in seconds and the rough frequency (sox stat) of a WAV. */
function measure(bytes: Buffer): { seconds: number; hz: number } {
  writeFileSync(join(dir, 'm.wav'), bytes);
  // sox prints its statistics on stderr.
  const stat = spawnSync('sox', [join(dir, 'm.wav'), '-n', 'stat']).stderr.toString();
  const seconds = Number(/Length \(seconds\):\s+([\d.]+)/.exec(stat)?.[1]);
  const hz = Number(/Rough\s+frequency:\s+(\d+)/.exec(stat)?.[1]);
  return { seconds, hz };
}

describe('speed and pitch a vendor lacks', () => {
  it('are applied after synthesis: faster is shorter at the same pitch, +12 semitones doubles the frequency', async () => {
    const { tts, asked } = vendor({});
    const fast = measure((await tts.synthesize({ text: '你好', format: 'wav', speed: 1.6 })).bytes);
    expect(asked[0]).toMatchObject({ speed: 1 });
    expect(fast.seconds).toBeGreaterThan(1.1);
    expect(fast.seconds).toBeLessThan(1.4);
    expect(Math.abs(fast.hz - 440)).toBeLessThan(40);
    const high = measure((await tts.synthesize({ text: '你好', format: 'wav', pitch: 12 })).bytes);
    expect(asked[1]).toMatchObject({ pitch: 0 });
    expect(Math.abs(high.seconds - 2)).toBeLessThan(0.15);
    expect(Math.abs(high.hz - 880)).toBeLessThan(60);
  });

  it('are left to a vendor that has them, and normal settings cost no extra step', async () => {
    const { tts, asked } = vendor({ speed: true, pitch: true });
    const out = await tts.synthesize({ text: '你好', format: 'wav', speed: 1.6, pitch: 5 });
    expect(asked[0]).toMatchObject({ speed: 1.6, pitch: 5 });
    expect(out.bytes).toBe(tone);
    const plain = vendor({});
    expect((await plain.tts.synthesize({ text: '你好', format: 'wav', speed: 1, pitch: 0 })).bytes).toBe(tone);
  });
});
