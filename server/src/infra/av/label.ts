import { existsSync } from 'node:fs';

/**
 * The AI-content labels of every audio and video file we make (China's labelling rules, in force
 * since 2025-09-01; docs/product/creation.md): an implicit label in the file's metadata under the
 * key `AIGC` (producer and content id, as JSON, like the pictures' XMP label) plus a comment, and
 * a visible one: a corner mark drawn on video, a written or spoken note for audio (the callers add
 * the spoken note; the text is AIGC_AUDIO_NOTE).
 */

export const AIGC_PRODUCER = '万象AI';
/** The visible mark in a video's corner. */
export const AIGC_VIDEO_MARK = 'AI生成';
/** The note read at the end of generated speech, and written beside audio results. */
export const AIGC_AUDIO_NOTE = '本音频由人工智能生成';

/** The implicit label's value: who made it and which result it is. */
export function aigcLabelValue(contentId: string): string {
  return JSON.stringify({ Label: '1', ContentProducer: AIGC_PRODUCER, ProduceID: contentId, ContentPropagator: AIGC_PRODUCER, PropagateID: contentId });
}

/**
 * ffmpeg output arguments writing the label: `AIGC` as a tag (an ID3 TXXX frame in MP3, a
 * user-data atom in MP4 with use_metadata_tags, a Vorbis comment in OGG) plus a comment every
 * player shows. Place them right before the output path.
 */
export function aigcMetadataArgs(contentId: string, container: 'mp3' | 'mp4' | 'wav' | 'ogg' | 'm4a'): string[] {
  const label = aigcLabelValue(contentId);
  // WAV's INFO chunk only has fixed keys: there the label is the comment itself (ICMT).
  if (container === 'wav') return ['-metadata', `comment=AIGC=${label}`];
  const args = ['-metadata', `AIGC=${label}`, '-metadata', `comment=本内容由人工智能生成（${AIGC_PRODUCER}）`];
  if (container === 'mp4' || container === 'm4a') args.push('-movflags', '+use_metadata_tags+faststart');
  return args;
}

const FONT_CANDIDATES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
];

/** A font file with Chinese glyphs for drawtext (fonts-noto-cjk is installed by ensure-install). */
export function cjkFontFile(): string | null {
  return FONT_CANDIDATES.find((f) => existsSync(f)) ?? null;
}

/** Escape a value for a filtergraph option (drawtext text/fontfile). */
export function filterValue(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "'\\''").replace(/:/g, '\\:')}'`;
}

/**
 * The visible corner mark as a drawtext filter: bottom right, white on a translucent box, sized
 * by the frame's height. `extra` adds text (演示 in demo mode).
 */
export function cornerMarkFilter(extra = ''): string {
  const font = cjkFontFile();
  const text = extra ? `${AIGC_VIDEO_MARK} · ${extra}` : AIGC_VIDEO_MARK;
  return [
    `drawtext=text=${filterValue(text)}`,
    ...(font ? [`fontfile=${filterValue(font)}`] : []),
    'fontcolor=white',
    'fontsize=max(14\\,h/22)',
    'box=1',
    'boxcolor=black@0.45',
    'boxborderw=6',
    'x=w-tw-h/40',
    'y=h-th-h/40',
  ].join(':');
}
