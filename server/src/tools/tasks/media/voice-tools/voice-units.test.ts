import { describe, expect, it } from 'vitest';
import { MEDIA_POINTS, toolById, VOICE_CLONE_ID, VOICE_TTS_ID } from '@wanxiang/contract';
import { demoVoiceParams, estimateTraits } from './sample-traits';
import { splitForSpeech } from './split-text';

describe('splitForSpeech', () => {
  it('cuts at sentence ends, packs sentences up to the limit, and keeps every character', () => {
    const text = '第一句话说得比较长一些。第二句话也说得比较长一些！第三句？';
    expect(splitForSpeech(text, 24)).toEqual(['第一句话说得比较长一些。', '第二句话也说得比较长一些！第三句？']);
    expect(splitForSpeech('第一行\n第二行', 100)).toEqual(['第一行\n第二行']);
    const long = '甲'.repeat(30) + '，' + '乙'.repeat(30) + '。';
    const parts = splitForSpeech(long, 25);
    expect(parts.every((p) => Array.from(p).length <= 25)).toBe(true);
    expect(parts.join('')).toBe(long);
    expect(splitForSpeech('   ', 100)).toEqual([]);
  });
});

describe('demo clone traits', () => {
  const tone = (freq: number, seconds = 2) => {
    const pcm = new Int16Array(16_000 * seconds);
    for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * freq * i) / 16_000));
    return pcm;
  };
  it('finds the pitch of a voiced sample and picks the voice by it', () => {
    expect(estimateTraits(tone(120)).f0).toBeGreaterThan(110);
    expect(estimateTraits(tone(120)).f0).toBeLessThan(130);
    expect(demoVoiceParams(estimateTraits(tone(120)))).toMatchObject({ base: 'demo-male', pitch: 0 });
    expect(demoVoiceParams(estimateTraits(tone(250)))).toMatchObject({ base: 'demo-female', pitch: 2 });
    expect(estimateTraits(new Int16Array(16_000)).f0).toBe(0);
  });
});

describe('voice registry', () => {
  it('prices speech and cloning by their quota keys (MEDIA_POINTS)', () => {
    expect(toolById(VOICE_TTS_ID)).toMatchObject({ quotaKey: 'ai_speech', points: MEDIA_POINTS.ai_speech });
    expect(toolById(VOICE_CLONE_ID)).toMatchObject({ quotaKey: 'ai_voice_clone', points: MEDIA_POINTS.ai_voice_clone });
  });
});
