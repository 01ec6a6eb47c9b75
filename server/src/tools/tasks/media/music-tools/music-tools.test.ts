import { describe, expect, it } from 'vitest';
import { MEDIA_POINTS, MUSIC_TOOLS, PENDING_ROUTES } from '@wanxiang/contract';
import { demoScore, syllables } from '../../../../infra/music';
import { demoLyrics, parseLyrics, sungLines, timedLyrics } from './lyrics';

describe('music registry', () => {
  it('prices every tool by its quota key (MEDIA_POINTS)', () => {
    for (const tool of MUSIC_TOOLS) expect(tool.points).toBe(MEDIA_POINTS[tool.quotaKey as keyof typeof MEDIA_POINTS]);
  });

  it('serves every /AIMusic route, none of them still pending', () => {
    const served = MUSIC_TOOLS.flatMap((t) => t.paths);
    for (const p of ['/AIMusic', '/AIMusic/ai_audio', '/AIMusic/creativeCenter', '/AIMusic/accompanyCreate', '/AIMusic/aiAudioClip', '/AIMusic/aiAudioMerging', '/AIMusic/trackSeparation', '/AIMusic/musicRecognize']) expect(served).toContain(p);
    expect(PENDING_ROUTES.filter((r) => r.path.startsWith('/AIMusic'))).toEqual([]);
  });
});

describe('lyrics and the demo melody', () => {
  it('parses a title line and times the sung lines in order within the take', () => {
    const { title, lyrics } = parseLyrics(demoLyrics('一首关于夏夜海边的轻快流行歌'), '备用');
    expect(title).toBe('夏夜海边');
    const lines = sungLines(lyrics);
    expect(lines).toHaveLength(8);
    const lrc = timedLyrics(lyrics, 30, title).split('\n').filter((l) => /^\[\d\d:/.test(l));
    const times = lrc.map((l) => Number(l.slice(1, 3)) * 60 + Number(l.slice(4, 9)));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeLessThan(2.1);
    expect(times.at(-1)).toBeLessThan(27);
    expect(lrc[0]).toContain(lines[0]);
  });

  it('builds one note per syllable, 20-40 s, and two different takes', () => {
    expect(syllables('[Verse]\n海风 hello 2024')).toEqual(['海', '风', 'hello', '2024']);
    const req = { lyrics: '海风吹\n星光亮', prompt: '', title: 't', seed: 42 };
    const [a, b] = [demoScore(req, 0), demoScore(req, 1)];
    for (const s of [a, b]) {
      expect(s.seconds).toBeGreaterThan(20);
      expect(s.seconds).toBeLessThan(40);
    }
    expect(JSON.stringify(a.melody)).not.toBe(JSON.stringify(b.melody));
    expect(demoScore(req, 0)).toEqual(a);
  });
});
