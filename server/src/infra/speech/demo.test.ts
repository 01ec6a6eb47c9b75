import { beforeAll, describe, expect, it } from 'vitest';
import { binaryAvailable, probeBytes } from '../av';
import { createDemoSpeech } from './demo';
import { SpeechError } from './types';

/** The demo voice: real Mandarin speech from espeak-ng, slower and faster as asked, in both formats. */
let ready = false;
beforeAll(async () => {
  ready = (await binaryAvailable('espeak-ng', ['--version'])) && (await binaryAvailable('ffmpeg', ['-version']));
  if (!ready) console.warn('[speech demo.test] espeak-ng/ffmpeg not installed: skipped (run node scripts/ensure-install.mjs)');
});

describe('demo speech (espeak-ng)', () => {
  const speech = createDemoSpeech();

  it('speaks Chinese text as MP3 and WAV; a slower speed makes longer audio', async (t) => {
    if (!ready) return t.skip();
    const text = '欢迎使用万象AI，这是一段演示语音。';
    const mp3 = await speech.synthesize({ text, format: 'mp3' });
    expect(mp3).toMatchObject({ mime: 'audio/mpeg', demo: true });
    const normal = await probeBytes(mp3.bytes);
    expect(normal).toMatchObject({ formatName: 'mp3', audio: { channels: 1 } });
    expect(normal!.duration).toBeGreaterThan(1.5);
    const slow = await probeBytes((await speech.synthesize({ text, format: 'mp3', speed: 0.5 })).bytes);
    expect(slow!.duration).toBeGreaterThan(normal!.duration * 1.5);
    const wav = await speech.synthesize({ text, format: 'wav', voice: 'demo-female', pitch: 3 });
    expect(wav.mime).toBe('audio/wav');
    expect((await probeBytes(wav.bytes))!.formatName).toBe('wav');
    expect(speech.voices().map((v) => v.id)).toEqual(['demo-male', 'demo-female']);
  });

  it('refuses an empty text, and a text starting with a dash is read, not taken as an option', async (t) => {
    if (!ready) return t.skip();
    await expect(speech.synthesize({ text: '   ', format: 'mp3' })).rejects.toBeInstanceOf(SpeechError);
    const dashed = await speech.synthesize({ text: '--help 不是参数', format: 'mp3' });
    expect((await probeBytes(dashed.bytes))!.duration).toBeGreaterThan(0.5);
  });
});
