import { Code, MSG, ok, type ModelEntry, type ModelGroupsRes, type ModelWebRes } from '@wanxiang/contract';
import { toWebEntry, toWebList, type Catalog, type CatalogModel } from '../../catalog';
import type { LlmGateway } from '../../llm/gateway';
import { refused } from '../../http/errors';
import { CATALOG_SPEC } from '../../catalog/live';
import type { AppContext } from '../../context';

/**
 * The model configuration the web app loads on every page: the catalog's web projection, with
 * `online` from the gateway. Vendors change at boot and the catalog when the admin console saves
 * models, groups or tiers, so each answer is built and serialized once per catalog version
 * (liveModelConfig) and the routes send the same string until the next save.
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

/** The answers for the catalog in force: rebuilt after a save of models, groups or tiers, else the same strings. */
export function liveModelConfig(ctx: Pick<AppContext, 'catalog' | 'llm' | 'documents'>): () => ModelConfigAnswers {
  let stamp = '';
  let answers: ModelConfigAnswers | null = null;
  return () => {
    const now = ctx.documents.stamp(CATALOG_SPEC.documents);
    if (!answers || now !== stamp) {
      answers = buildModelConfig(ctx.catalog, ctx.llm);
      stamp = now;
    }
    return answers;
  };
}
