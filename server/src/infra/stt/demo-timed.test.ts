import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { espeak, ffmpeg, withWorkDir } from '../av';
import { demoTimedTranscript } from './demo-timed';

/** The demo transcript: real speech regions of real audio, each line marked 演示 and no words invented. */
describe('demo timed transcript', () => {
  it('finds the two spoken sentences around a pause and labels them as demo lines', async () => {
    const got = await withWorkDir(async (dir) => {
      await espeak(['-v', 'cmn', '-w', join(dir, 'a.wav'), '大家好，这是第一句话。']);
      await espeak(['-v', 'cmn', '-w', join(dir, 'b.wav'), '这是第二句话，我们来测试字幕。']);
      const out = join(dir, 'speech.wav');
      await ffmpeg(['-i', join(dir, 'a.wav'), '-f', 'lavfi', '-t', '2', '-i', 'anullsrc=r=22050:cl=mono', '-i', join(dir, 'b.wav'), '-filter_complex', '[0][1][2]concat=n=3:v=0:a=1', out]);
      return demoTimedTranscript(out, 10.3);
    });
    expect(got.segments.length).toBe(2);
    const [a, b] = got.segments;
    expect(a!.start).toBeLessThan(0.5);
    // The pause (about 2 s plus espeak's own trailing silence) separates the lines.
    expect(b!.start - a!.end).toBeGreaterThan(1.5);
    for (const [i, s] of got.segments.entries()) expect(s.text).toMatch(new RegExp(`^（演示字幕）第 ${i + 1} 句，\\d\\d:\\d\\d-\\d\\d:\\d\\d$`));
  });
});
