import { Code, MSG, ok, type ModelEntry, type ModelGroupsRes, type ModelWebRes } from '@wanxiang/contract';
import { toWebEntry, toWebList, type Catalog, type CatalogModel } from '../../catalog';
import type { LlmGateway } from '../../llm/gateway';
import { refused } from '../../http/errors';

/**
 * The model configuration the web app loads on every page: the catalog's web projection, with
 * `online` from the gateway. Catalog and vendors only change at boot, so each answer is built
 * and serialized once here and the routes send the same string every time.
 */
export interface ModelConfigAnswers {
  /** Envelope JSON of GET /v1/config/model/web. */
  web(invite: boolean): string;
  /** Envelope JSON of GET /v2/config/model/groups. */
  groups(): string;
  /** Envelope JSON of one model's entry; refuses an unknown key with 该模型尚未上线. */
  details(key: string, invite: boolean): string;
}

export function buildModelConfig(catalog: Catalog, llm: Pick<LlmGateway, 'available' | 'demo'>): ModelConfigAnswers {
  const isOnline = (m: CatalogModel) => llm.available(m);
  const groups = catalog.groups();
  const webAnswer = (invite: boolean): string => {
    const res: ModelWebRes = { list: toWebList(catalog.models(), { isOnline, invite }), groups, demo: llm.demo };
    return JSON.stringify(ok(res));
  };
  const web = { plain: webAnswer(false), invite: webAnswer(true) };
  const groupsRes: ModelGroupsRes = { groups };
  const groupsAnswer = JSON.stringify(ok(groupsRes));
  const details = new Map<string, string>();

  return {
    web: (invite) => (invite ? web.invite : web.plain),
    groups: () => groupsAnswer,
    details(key, invite) {
      const cacheKey = `${invite ? 'i' : 'p'}:${key}`;
      let answer = details.get(cacheKey);
      if (answer === undefined) {
        const model = catalog.get(key);
        if (!model) throw refused(MSG.modelOffline, Code.MODEL_OFFLINE);
        const entry: ModelEntry = toWebEntry(model, { isOnline, invite });
        answer = JSON.stringify(ok(entry));
        details.set(cacheKey, answer);
      }
      return answer;
    },
  };
}
