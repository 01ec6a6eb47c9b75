import { MUSIC_CLIP_ID, MUSIC_MERGE_ID, MUSIC_SEPARATE_ID, MUSIC_TOOLS } from './media-music';
import { TALK_TOOLS } from './media-talk';
import { VIDEO_EDIT_TOOLS, VIDEO_EXTRACT_AUDIO_ID } from './media-video-edit';
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

export { AUDIO_ACCEPT, MEDIA_LIMITS, MEDIA_POINTS, VIDEO_ACCEPT, type MediaQuotaKey } from './media-shared';

export const MEDIA_TOOLS: readonly ToolSpec[] = [...VOICE_TOOLS, ...TALK_TOOLS, ...MUSIC_TOOLS, ...VIDEO_TOOLS, ...VIDEO_EDIT_TOOLS];

/**
 * Media tools that only cut, join or copy the user's own sound (clip, merge, separation, plain audio
 * extraction): their results carry no AI-content note, like the PDF tools' conversions.
 */
export const MEDIA_PLAIN_EDIT_TOOL_IDS: ReadonlySet<string> = new Set([MUSIC_CLIP_ID, MUSIC_MERGE_ID, MUSIC_SEPARATE_ID, VIDEO_EXTRACT_AUDIO_ID]);
