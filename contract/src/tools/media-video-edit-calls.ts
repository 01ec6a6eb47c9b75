import { z } from 'zod';

/**
 * The spec's media calls of the video-edit part (search-agents-tools §7.6): bodies and answers of
 * POST /api/v1/media/getShortViedo and /api/v1/media/video2audio.
 */

export const ShortVideoSchema = z.object({
  url: z.string({ error: '请填写视频链接' }).trim().min(1, { error: '请填写视频链接' }).max(2000, { error: '链接过长' }),
});
export type ShortVideoReq = z.infer<typeof ShortVideoSchema>;

export const Video2AudioSchema = z.object({
  file_id: z.string({ error: '请先上传视频' }).trim().min(1, { error: '请先上传视频' }).max(64, { error: '文件编号无效' }),
  format: z.enum(['mp3', 'wav'], { error: '格式只支持 mp3 或 wav' }).optional(),
});
export type Video2AudioReq = z.infer<typeof Video2AudioSchema>;

/** A media file the call stored for the caller. */
export interface MediaFileRes {
  fileId: string;
  name: string;
  url: string;
  contentType: string;
  bytes: number;
  duration: number;
  width?: number;
  height?: number;
}
