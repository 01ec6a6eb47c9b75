import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, VIDEO_CLARITY_ID, VIDEO_EDIT_LIMITS, VIDEO_MATTING_ID } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../../../test/app';
import { startFakeComfy, type FakeComfy } from '../../../../../test/fake-images/comfyui';
import { createComfyAdapter } from '../../../../infra/images/comfyui';
import type { ImageBackend } from '../../../../infra/images';
import { TaskFailure } from '../../../../jobs';
import { runningTask } from '../../../../jobs/testing/engine';
import { readFileBytes, saveFile } from '../../../../modules/files/service';
import { recordingTools } from '../../testing/recording-tools';
import type { TaskHandlersContext } from '../../handlers-context';
import { localVideoHandler } from './enhance';
import { framesOutputSize, framesRate } from './frames-through-images';

/**
 * 视频高清修复 and 视频抠像 on a deployment with an image vendor: the real ComfyUI adapter against the
 * fake ComfyUI (which really scales the uploaded picture and answers an alpha picture for matting).
 * The result is read back with ffprobe (size, frame rate, length, sound, the AIGC label), a re-claimed
 * task polls the frames it already paid for instead of submitting them again, and without a route
 * the tools are clearly not enabled.
 */

interface Probe {
  format: { duration: string; tags?: Record<string, string> };
  streams: { codec_type: string; width?: number; height?: number; avg_frame_rate: string; nb_frames?: string }[];
}

describe('clarity and matting through an image vendor, frame by frame', () => {
  let t: TestApp;
  let comfy: FakeComfy;
  const dir = mkdtempSync(join(tmpdir(), 'frames-'));
  let clip: Buffer;
  let userId: number;

  const probe = (bytes: Buffer): Probe => {
    writeFileSync(join(dir, 'probe'), bytes);
    return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', join(dir, 'probe')]).toString()) as Probe;
  };
  /** The RGB of the result's middle pixel at 0.5 s. */
  const middlePixel = (bytes: Buffer, w: number, h: number): number[] => {
    writeFileSync(join(dir, 'pixel.mp4'), bytes);
    const raw = execFileSync('ffmpeg', ['-v', 'error', '-ss', '0.5', '-i', join(dir, 'pixel.mp4'), '-frames:v', '1', '-vf', `crop=2:2:${w / 2}:${h / 2}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
    return [raw[0]!, raw[1]!, raw[2]!];
  };

  const withComfy = (): TaskHandlersContext => {
    const adapter = createComfyAdapter({ baseUrl: comfy.url, timeoutMs: 20_000 }, { pollMs: { first: 5, max: 20 } });
    const images: ImageBackend = { demo: false, route: (op) => (op === 'upscale' || op === 'matting' ? { adapter, model: '' } : null) };
    return { ...t.ctx, llm: { ...t.ctx.llm, demo: false }, images } as TaskHandlersContext;
  };

  beforeAll(async () => {
    // 2 s of a 160x120 picture at 10 fps with a tone: 20 frames.
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:d=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', join(dir, 'clip.mp4')]);
    clip = readFileSync(join(dir, 'clip.mp4'));
    comfy = await startFakeComfy({ pollsBeforeDone: 1 });
    t = await createTestApp('pglite');
    userId = (await t.loginAs('13800009901')).user.id;
  }, 120_000);
  afterAll(async () => {
    await comfy?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = async () => (await saveFile(t.ctx, { userId, name: '样片.mp4', contentType: 'video/mp4', body: clip, purpose: 'upload' })).id;

  it('sizes and rates: twice the size within 1080p, even sides; at most the sampling cap', () => {
    expect(framesOutputSize('upscale', 160, 120)).toEqual([320, 240]);
    expect(framesOutputSize('upscale', 1280, 720)).toEqual([1920, 1080]);
    expect(framesOutputSize('upscale', 720, 1280)).toEqual([1080, 1920]);
    expect(framesOutputSize('matting', 641, 361)).toEqual([640, 360]);
    expect(framesRate(60)).toBe(VIDEO_EDIT_LIMITS.vendorEnhanceMaxFps);
    expect(framesRate(10)).toBe(10);
    expect(framesRate(undefined)).toBe(VIDEO_EDIT_LIMITS.vendorEnhanceMaxFps);
  });

  it('高清修复: every frame upscaled by the vendor, put back together with the sound and the label', async () => {
    const ctx = withComfy();
    const handler = localVideoHandler(ctx, VIDEO_CLARITY_ID, 'clarity');
    expect(handler.refuse?.({})).toBeNull();
    const task = runningTask(userId, VIDEO_CLARITY_ID, { video: await upload() });
    const { tools, seen } = recordingTools(t.ctx, task);
    const before = comfy.submits.length;
    const outcome = await handler.run(task, tools);
    expect(comfy.submits.length - before).toBe(20);
    expect(outcome.text).toBe(MSG.veUpscaledByVendor(320, 240, 10));
    expect(seen.stages).toContain(MSG.veStageFrames(20, 20));
    const file = outcome.files[0]!;
    expect(file.name).toBe('样片-高清.mp4');
    const { data } = await readFileBytes(t.ctx, userId, file.id);
    const p = probe(data);
    const video = p.streams.find((s) => s.codec_type === 'video')!;
    expect([video.width, video.height]).toEqual([320, 240]);
    expect(video.avg_frame_rate).toBe('10/1');
    expect(p.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    expect(Number(p.format.duration)).toBeGreaterThan(1.8);
    expect(Number(p.format.duration)).toBeLessThan(2.3);
    expect(JSON.stringify(p.format.tags)).toContain('AIGC');

    // Claimed again after a crash with every frame's vendor state kept: nothing is submitted (or paid) twice.
    const again = runningTask(userId, VIDEO_CLARITY_ID, task.inputs, { vendor: seen.vendor.at(-1) as Record<string, unknown> });
    const resubmits = comfy.submits.length;
    const second = await handler.run(again, recordingTools(t.ctx, again).tools);
    expect(comfy.submits.length).toBe(resubmits);
    expect(second.files).toHaveLength(1);
  }, 120_000);

  it('抠像: the cut-out of every frame laid on the chosen background', async () => {
    const handler = localVideoHandler(withComfy(), VIDEO_MATTING_ID, 'matting');
    const task = runningTask(userId, VIDEO_MATTING_ID, { video: await upload(), background: 'white' });
    const outcome = await handler.run(task, recordingTools(t.ctx, task).tools);
    expect(outcome.text).toBe(MSG.veMattedByVendor('白色背景', 10));
    const { data } = await readFileBytes(t.ctx, userId, outcome.files[0]!.id);
    const video = probe(data).streams.find((s) => s.codec_type === 'video')!;
    expect([video.width, video.height]).toEqual([160, 120]);
    // The fake's cut-out is rgb(200,80,40) at half opacity: over white that is about (228,168,148).
    const [r, g, b] = middlePixel(data, 160, 120);
    expect(Math.abs(r! - 228)).toBeLessThan(16);
    expect(Math.abs(g! - 168)).toBeLessThan(16);
    expect(Math.abs(b! - 148)).toBeLessThan(16);
  }, 120_000);

  it('a clip longer than the vendor cap is refused at submit, in Chinese', async () => {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=64x48:rate=5:d=${VIDEO_EDIT_LIMITS.vendorEnhanceMaxSeconds + 3}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(dir, 'long.mp4')]);
    const id = (await saveFile(t.ctx, { userId, name: 'long.mp4', contentType: 'video/mp4', body: readFileSync(join(dir, 'long.mp4')), purpose: 'upload' })).id;
    const handler = localVideoHandler(withComfy(), VIDEO_CLARITY_ID, 'clarity');
    expect(await handler.inspect!({ video: id }, userId)).toBe(MSG.veTooLong('视频文件', VIDEO_EDIT_LIMITS.vendorEnhanceMaxSeconds));
  }, 60_000);

  it('a vendor failure fails the task (refunded) with the image message; no route means not enabled', async () => {
    const broken = await startFakeComfy({ failRuns: true });
    try {
      const adapter = createComfyAdapter({ baseUrl: broken.url, timeoutMs: 20_000 }, { pollMs: { first: 5, max: 20 } });
      const ctx = { ...withComfy(), images: { demo: false, route: () => ({ adapter, model: '' }) } } as TaskHandlersContext;
      const task = runningTask(userId, VIDEO_CLARITY_ID, { video: await upload() });
      await expect(localVideoHandler(ctx, VIDEO_CLARITY_ID, 'clarity').run(task, recordingTools(t.ctx, task).tools)).rejects.toBeInstanceOf(TaskFailure);
    } finally {
      await broken.close();
    }
    const none = { ...withComfy(), images: { demo: false, route: () => null } } as TaskHandlersContext;
    expect(localVideoHandler(none, VIDEO_MATTING_ID, 'matting').refuse?.({})).toBe(MSG.veNotEnabled('视频抠像'));
  }, 60_000);
});
