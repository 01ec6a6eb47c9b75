import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MSG } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { TaskFailure, type TaskRow } from '../../jobs';
import { runningTask } from '../../jobs/testing/engine';
import { readFileBytes, saveFile } from '../../modules/files/service';
import { findTaskHandler } from './index';
import { imageTranslatePrompt } from './image-translate';
import { recordingTools } from './testing/recording-tools';

/**
 * 图片翻译's handler run directly against the demo upstream: the answer (recognised text and its
 * translation, marked 演示 and honest that nothing was read) as text and a labelled .md file;
 * a file that is not a picture fails in Chinese with nothing saved.
 */
describe('图片翻译 handler', () => {
  let t: TestApp;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    userId = (await t.loginAs()).user.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const toolsFor = (task: TaskRow) => recordingTools(t.ctx, task);
  const upload = async (name: string, body: Buffer) =>
    (await saveFile(t.ctx, { userId, name, contentType: 'image/png', body, purpose: 'upload' })).id;

  it('answers the recognised text and its translation as text and a .md file with the AI-content line', async () => {
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const task = runningTask(userId, 'translateImage', { image: await upload('sign.png', png), to: '英语' });
    const { tools, seen } = toolsFor(task);
    const outcome = await findTaskHandler(t.ctx, 'translateImage')!.run(task, tools);
    expect(outcome.text).toContain('## 识别的文字');
    expect(outcome.text).toContain('（演示）这是一张 400×200 像素的图片');
    expect(outcome.text).toContain('## 英语译文');
    expect(seen.stages).toEqual([MSG.translateImageStageReading, MSG.translateImageStageWorking, MSG.translateImageStageSaving]);
    const file = outcome.files[0]!;
    expect(file.name).toBe('图片翻译.md');
    expect((await readFileBytes(t.ctx, userId, file.id)).data.toString('utf8')).toBe(`${outcome.text}\n\n---\n\n${MSG.aiDisclaimer}\n`);
  }, 60_000);

  it('fails in Chinese for a file that is not a picture, saving nothing', async () => {
    const task = runningTask(userId, 'translateImage', { image: await upload('fake.png', Buffer.from('not a picture')), to: '中文' });
    const { tools, seen } = toolsFor(task);
    await expect(findTaskHandler(t.ctx, 'translateImage')!.run(task, tools)).rejects.toBeInstanceOf(TaskFailure);
    expect(seen.saved).toHaveLength(0);
  });

  it('asks for the target language named in the form', () => {
    expect(imageTranslatePrompt('日语')).toContain('翻译成日语');
    expect(imageTranslatePrompt('日语')).toContain('## 日语译文');
  });
});
