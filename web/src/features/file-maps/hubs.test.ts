import { describe, expect, it } from 'vitest';
import { PENDING_ROUTES } from '@wanxiang/contract';
import { hubCards, MAP_HUB_IDS, PPT_HUB_IDS } from './hubs';

/** The two hubs' cards come from the registry: every id resolves to a built page, none is pending. */
describe('file hubs', () => {
  it('lead to the text tool and the file tools of each feature', () => {
    expect(hubCards(MAP_HUB_IDS).map((c) => c.path)).toEqual(['/FullMindPage', '/AiFile/mapping/docsCreateMarkmap', '/AiFile/mapping/audioCreateMarkmap']);
    expect(hubCards(PPT_HUB_IDS).map((c) => c.path)).toEqual(['/aippt', '/AiFile/ppt/fileCreatePpt', '/AiFile/ppt/oldPptCreateNewPpt']);
    const pending = new Set(PENDING_ROUTES.map((p) => p.path));
    for (const c of [...hubCards(MAP_HUB_IDS), ...hubCards(PPT_HUB_IDS)]) {
      expect(c.kind).toBe('page');
      expect(pending.has(c.path)).toBe(false);
    }
  });
});
