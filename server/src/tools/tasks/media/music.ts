import { MUSIC_ACCOMPANY_ID, MUSIC_CLIP_ID, MUSIC_MERGE_ID, MUSIC_RECOGNIZE_ID, MUSIC_SEPARATE_ID, MUSIC_SONG_ID } from '@wanxiang/contract';
import type { TaskHandler } from '../../../jobs';
import type { TaskHandlersContext } from '../handlers-context';
import { clipHandler, mergeHandler } from './music-tools/edit';
import { recognizeHandler, separateHandler } from './music-tools/separate-recognize';
import { musicOf, runSong, songRefusal } from './music-tools/song';

/**
 * The music part of the media family (contract/src/tools/media-music.ts): songs and
 * accompaniment through the music backend (infra/music: a vendor or the sox demo composer),
 * clip and merge with ffmpeg, separation through the operator's service, recognition through
 * AcoustID.
 */
export function musicHandlers(ctx: TaskHandlersContext): TaskHandler[] {
  const songTimeout = ctx.config.music?.timeoutMs ?? 600_000;
  return [
    { name: MUSIC_SONG_ID, timeoutMs: songTimeout, refuse: songRefusal, run: (task, tools) => runSong(ctx, task, tools, false) },
    { name: MUSIC_ACCOMPANY_ID, timeoutMs: songTimeout, run: (task, tools) => runSong(ctx, task, tools, true) },
    clipHandler(ctx, MUSIC_CLIP_ID),
    mergeHandler(ctx, MUSIC_MERGE_ID),
    separateHandler(ctx, MUSIC_SEPARATE_ID),
    recognizeHandler(ctx, MUSIC_RECOGNIZE_ID),
  ];
}

export { musicOf };
