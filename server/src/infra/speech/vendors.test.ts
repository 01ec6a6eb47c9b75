import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_MP3, FAKE_WAV, startFakeSpeech, type FakeSpeech } from '../../../test/fake-speech';
import { createDashScopeSpeech, createMiniMaxSpeech, createOpenAiSpeech, SpeechError } from '.';
import { MINIMAX_VOICES, siliconFlowVoices } from './voices';

/** Each speech vendor's protocol against a local fake: success, key refused, vendor failure, timeout. */
let fake: FakeSpeech;
beforeAll(async () => {
  fake = await startFakeSpeech();
});
afterAll(() => fake.close());

async function reason(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SpeechError);
  return (err as SpeechError).reason;
}

const last = () => fake.requests[fake.requests.length - 1]!;

describe('OpenAI speech protocol (OpenAI, SiliconFlow CosyVoice, self-hosted)', () => {
  const model = 'FunAudioLLM/CosyVoice2-0.5B';
  const tts = (apiKey = 'k', timeoutMs = 5000) => createOpenAiSpeech({ baseUrl: `${fake.url}/v1`, apiKey, timeoutMs, model, voices: siliconFlowVoices(model) });

  it('posts model, input, voice, speed and format, and answers the audio bytes', async () => {
    const out = await tts().synthesize({ text: ' 你好，世界 ', voice: `${model}:alex`, speed: 1.2, format: 'mp3' });
    expect(out).toEqual({ bytes: FAKE_MP3, mime: 'audio/mpeg', demo: false });
    expect(last()).toMatchObject({ path: '/v1/audio/speech', auth: 'Bearer k', body: { model, input: '你好，世界', voice: `${model}:alex`, speed: 1.2, response_format: 'mp3' } });
    expect((await tts().synthesize({ text: '你好', format: 'wav' })).mime).toBe('audio/wav');
  });

  it('maps a refused key, a vendor failure and a timeout', async () => {
    expect(await reason(tts('bad').synthesize({ text: '你好', format: 'mp3' }))).toBe('auth');
    expect(await reason(tts().synthesize({ text: 'FAIL', format: 'mp3' }))).toBe('upstream');
    expect(await reason(tts('k', 300).synthesize({ text: 'SLOW', format: 'mp3' }))).toBe('timeout');
  });
});

describe('MiniMax T2A and voice clone', () => {
  const tts = (apiKey = 'k', timeoutMs = 5000) => createMiniMaxSpeech({ baseUrl: `${fake.url}/mm`, apiKey, timeoutMs, model: 'speech-02-hd', voices: MINIMAX_VOICES });

  it('sends voice_setting and audio_setting and decodes the hex audio', async () => {
    const out = await tts().synthesize({ text: '你好', voice: 'female-shaonv', speed: 0.8, pitch: 3, emotion: 'happy', format: 'mp3' });
    expect(out.bytes.equals(FAKE_MP3)).toBe(true);
    expect(last()).toMatchObject({
      path: '/mm/v1/t2a_v2',
      body: { model: 'speech-02-hd', text: '你好', voice_setting: { voice_id: 'female-shaonv', speed: 0.8, vol: 1, pitch: 3, emotion: 'happy' }, audio_setting: { format: 'mp3' } },
    });
  });

  it('clones by uploading the sample then naming the voice, and deletes it there', async () => {
    const cloner = tts().cloner!;
    const start = fake.requests.length;
    expect(await cloner.clone({ bytes: FAKE_WAV, fileName: 'sample.wav', voiceId: 'wxVoice1' })).toEqual({ vendorVoiceId: 'wxVoice1' });
    const [up, clone] = fake.requests.slice(start);
    expect(up!.path).toBe('/mm/v1/files/upload');
    expect(up!.raw.toString('latin1')).toContain('voice_clone');
    expect(clone).toMatchObject({ path: '/mm/v1/voice_clone', body: { file_id: 424242, voice_id: 'wxVoice1' } });
    await cloner.remove('wxVoice1');
    expect(fake.deleted).toContain('wxVoice1');
  });

  it('maps base_resp codes under HTTP 200 and a timeout', async () => {
    expect(await reason(tts('bad').synthesize({ text: '你好', format: 'mp3' }))).toBe('auth');
    expect(await reason(tts().synthesize({ text: 'FAIL', format: 'mp3' }))).toBe('upstream');
    expect(await reason(tts('k', 300).synthesize({ text: 'SLOW', format: 'mp3' }))).toBe('timeout');
  });
});

describe('DashScope synthesis', () => {
  const tts = (apiKey = 'k', timeoutMs = 5000) => createDashScopeSpeech({ baseUrl: fake.url, apiKey, timeoutMs, model: 'qwen-tts', voices: [{ id: 'Cherry', name: '芊悦' }] });

  it('downloads the answered audio URL at once (single use)', async () => {
    const out = await tts().synthesize({ text: '你好', voice: 'Cherry', format: 'wav' });
    expect(out).toMatchObject({ mime: 'audio/wav', demo: false });
    expect(out.bytes.equals(FAKE_WAV)).toBe(true);
    const gen = fake.requests.find((r) => r.path.endsWith('/generation'))!;
    expect(gen.body).toEqual({ model: 'qwen-tts', input: { text: '你好', voice: 'Cherry' } });
  });

  it('maps a refused key, a vendor failure and a timeout', async () => {
    expect(await reason(tts('bad').synthesize({ text: '你好', format: 'mp3' }))).toBe('auth');
    expect(await reason(tts().synthesize({ text: 'FAIL', format: 'mp3' }))).toBe('upstream');
    expect(await reason(tts('k', 300).synthesize({ text: 'SLOW', format: 'mp3' }))).toBe('timeout');
  });
});
