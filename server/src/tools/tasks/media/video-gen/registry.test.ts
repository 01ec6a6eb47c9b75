import { describe, expect, it } from 'vitest';
import {
  MEDIA_LIMITS,
  MEDIA_POINTS,
  PENDING_ROUTES,
  VIDEO_ACCEPT,
  VIDEO_GEN_SHARED,
  VIDEO_TEMPLATE_OF,
  VIDEO_TOOLS,
  AUDIO_ACCEPT,
} from '@wanxiang/contract';

describe('video generation registry', () => {
  it('restates the shared price and limits of media.ts exactly', () => {
    expect(VIDEO_GEN_SHARED.points.ai_video).toBe(MEDIA_POINTS.ai_video);
    expect(VIDEO_GEN_SHARED.videoAccept).toEqual(VIDEO_ACCEPT);
    expect(VIDEO_GEN_SHARED.audioAccept).toEqual(AUDIO_ACCEPT);
    expect(VIDEO_GEN_SHARED.videoMaxBytes).toBe(MEDIA_LIMITS.videoMaxBytes);
    expect(VIDEO_GEN_SHARED.audioMaxBytes).toBe(MEDIA_LIMITS.audioMaxBytes);
  });

  it('the hub is a page; every other entry is an ai_video task with a video result; templates showing people ask for consent', () => {
    for (const tool of VIDEO_TOOLS.filter((t) => t.kind !== 'page')) {
      expect(tool).toMatchObject({ kind: 'task', output: 'video', quotaKey: 'ai_video', points: MEDIA_POINTS.ai_video });
      if (tool.id in VIDEO_TEMPLATE_OF) expect(tool.fields.some((f) => f.type === 'consent' && f.required)).toBe(true);
    }
  });

  it('serves its routes: none of them is still pending', () => {
    const paths = VIDEO_TOOLS.flatMap((t) => t.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/video',
        '/video/create/text',
        '/AICreateVideo/createByImage',
        '/AiVideo/index',
        '/video/hug',
        '/AICreateVideo/humanShapSync/index',
      ]),
    );
    expect(PENDING_ROUTES.filter((p) => paths.includes(p.path))).toEqual([]);
  });
});
