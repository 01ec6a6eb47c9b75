import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { aigcLabelValue, aigcMetadataArgs, binaryAvailable, BinaryError, cornerMarkFilter, ffmpeg, filterValue, mediaKind, probeBytes, probeFile, withWorkDir } from './index';

/**
 * The media runners against Debian's ffmpeg/ffprobe (installed by scripts/ensure-install.mjs): the
 * labels land in real files of every container we write, probing reads kinds from bytes, and a
 * process past its deadline is killed.
 */
let hasFfmpeg = false;
beforeAll(async () => {
  hasFfmpeg = (await binaryAvailable('ffmpeg', ['-version'])) && (await binaryAvailable('ffprobe', ['-version']));
  if (!hasFfmpeg) console.warn('[av.test] ffmpeg/ffprobe not installed: the media runner tests are skipped (run node scripts/ensure-install.mjs)');
});

const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];

describe('media runners', () => {
  it('writes the AIGC label into MP3, M4A, MP4 and WAV files, where ffprobe reads it back', async (t) => {
    if (!hasFfmpeg) return t.skip();
    await withWorkDir(async (dir) => {
      for (const container of ['mp3', 'm4a', 'wav'] as const) {
        const out = join(dir, `a.${container}`);
        await ffmpeg([...tone(1), ...aigcMetadataArgs('task-1', container), out]);
        const facts = await probeFile(out);
        expect(mediaKind(facts), container).toBe('audio');
        const label = container === 'wav' ? facts!.tags.comment?.replace(/^AIGC=/, '') : facts!.tags.aigc;
        expect(JSON.parse(label ?? '{}'), container).toMatchObject({ Label: '1', ContentProducer: '万象AI', ProduceID: 'task-1' });
      }
      const video = join(dir, 'v.mp4');
      await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10:duration=1', ...tone(1), '-vf', cornerMarkFilter('演示'), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', ...aigcMetadataArgs('task-2', 'mp4'), video]);
      const facts = await probeBytes(await readFile(video));
      expect(facts).toMatchObject({ video: { codec: 'h264', width: 320, height: 240 }, audio: { codec: 'aac' } });
      expect(facts!.duration).toBeGreaterThan(0.8);
      expect(JSON.parse(facts!.tags.aigc!)).toMatchObject({ ProduceID: 'task-2' });
    });
  });

  it('tells media from other bytes, and a cover picture in an MP3 is not a video', async (t) => {
    if (!hasFfmpeg) return t.skip();
    expect(await probeBytes(Buffer.from('not media at all, only words'))).toBeNull();
    expect(mediaKind(null)).toBeNull();
    await withWorkDir(async (dir) => {
      const out = join(dir, 'cover.mp3');
      await ffmpeg([...tone(1), '-f', 'lavfi', '-i', 'color=c=red:size=32x32:duration=1', '-map', '0:a', '-map', '1:v', '-frames:v', '1', '-c:v', 'mjpeg', '-disposition:v', 'attached_pic', out]);
      expect(mediaKind(await probeFile(out))).toBe('audio');
    });
  });

  it('kills a process past its deadline and says so', async (t) => {
    if (!hasFfmpeg) return t.skip();
    const err = await ffmpeg(['-re', '-f', 'lavfi', '-i', 'sine=duration=30', '-f', 'null', '-'], { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BinaryError);
    expect((err as BinaryError).reason).toBe('timeout');
  });

  it('escapes filter values so a text cannot break out of drawtext', () => {
    expect(filterValue("a:b'c\\d")).toBe("'a\\:b'\\''c\\\\d'");
    expect(cornerMarkFilter()).toMatch(/^drawtext=text='AI生成'/);
    expect(JSON.parse(aigcLabelValue('x'))).toEqual({ Label: '1', ContentProducer: '万象AI', ProduceID: 'x', ContentPropagator: '万象AI', PropagateID: 'x' });
  });
});
