import { describe, expect, it } from 'vitest';
import {
  MEDIA_POINTS,
  PENDING_ROUTES,
  VIDEO_TEMPLATE_OF,
  VIDEO_TOOLS,
} from '@wanxiang/contract';

describe('video generation registry', () => {
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
