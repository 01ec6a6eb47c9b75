import { MUSIC_TOOLS } from './media-music';
import { TALK_TOOLS } from './media-talk';
import { VIDEO_EDIT_TOOLS } from './media-video-edit';
import { VIDEO_TOOLS } from './media-video';
import { VOICE_TOOLS } from './media-voice';
import type { ToolSpec } from './spec';

/**
 * The media family (issue 15; docs/product/creation.md "媒体"): voice, music and video tools on the
 * task engine. Each part lives in its own file (media-voice, media-music, media-video,
 * media-video-edit, media-talk); the prices and limits every part shares are here.
 *
 * Quota keys (server/catalog/tiers.json): ai_speech (语音合成), ai_voice_clone (声音克隆), ai_music
 * (songs and accompaniment), ai_video (text/image to video and the vendor templates), media_edit
 * (clip, merge, separation, recognition, subtitles, dubbing, extraction: our own ffmpeg work).
 */

/** Points one run costs when paid with points, by quota key. */
export const MEDIA_POINTS = { ai_speech: 2, ai_voice_clone: 20, ai_music: 20, ai_video: 40, media_edit: 2 } as const;
export type MediaQuotaKey = keyof typeof MEDIA_POINTS;

/** Upload limits checked from the file's bytes (ffprobe) at submit, besides the field's size cap. */
export const MEDIA_LIMITS = {
  /** Longest audio a tool takes in (clip, merge, separation, recognition, speech to text). */
  audioMaxSeconds: 10 * 60,
  /** Longest video a tool takes in (subtitles, dubbing, extraction, clarity). */
  videoMaxSeconds: 5 * 60,
  /** A voice sample for cloning: 10-60 s. */
  cloneMinSeconds: 10,
  cloneMaxSeconds: 60,
  audioMaxBytes: 20 * 1024 * 1024,
  videoMaxBytes: 100 * 1024 * 1024,
} as const;

/** Extensions the media fields accept (what POST /api/v1/files/upload takes for audio and video). */
export const AUDIO_ACCEPT = ['mp3', 'wav', 'm4a', 'aac', 'flac', 'ogg', 'opus', 'webm'] as const;
export const VIDEO_ACCEPT = ['mp4', 'mov', 'webm', 'mkv'] as const;

export const MEDIA_TOOLS: readonly ToolSpec[] = [...VOICE_TOOLS, ...TALK_TOOLS, ...MUSIC_TOOLS, ...VIDEO_TOOLS, ...VIDEO_EDIT_TOOLS];
