/**
 * Prices and limits every part of the media family shares (media.ts). In a file of their own, with no
 * imports: the part files use them, and media.ts (which lists the parts) re-exports them.
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
