import type { ModelEntry } from '@wanxiang/contract';
import type { CatalogModel } from './types';

export interface WebProjectionOptions {
  /** Whether the model can be served now (vendor configured, or the demo upstream). */
  isOnline: (model: CatalogModel) => boolean;
  /** The visitor arrived with an invite code: use the invite labels (docs/product/invite.md §6). */
  invite?: boolean;
}

/**
 * The web-facing entry of a catalog model: every ModelEntry field, none of the server's own
 * (upstream id, extras, quota key, blocked tiers). Fields are listed, not spread, so a server
 * field added later cannot leak to browsers by accident.
 */
export function toWebEntry(m: CatalogModel, opts: WebProjectionOptions): ModelEntry {
  const entry: ModelEntry = {
    key: m.key,
    label: opts.invite && m.inviteLabel ? m.inviteLabel : m.label,
    sort_label: m.sort_label,
    shortName: m.shortName,
    icon: m.icon,
    icon_link: m.icon_link,
    desc: m.desc,
    description: m.description,
    checkKey: m.checkKey,
    isFree: m.isFree,
    free: m.free,
    tags: [...m.tags],
    vipTag: m.vipTag,
    internetModelType: m.internetModelType,
    modelType: m.modelType,
    resloveType: m.resloveType,
    uploadLimit: m.uploadLimit,
    request: m.request,
    high: m.high,
    only_points: m.only_points,
    allow_points: m.allow_points,
    consume_points: m.consume_points,
    isAttack: m.isAttack,
    isChecked: m.isChecked,
    reasoning: m.reasoning,
    online: m.online && opts.isOnline(m),
    keepHistory: m.keepHistory,
    vendor: m.vendor,
  };
  if (m.agents === false) entry.agents = false;
  if (m.children) entry.children = m.children.map((c) => toWebEntry(c, opts));
  return entry;
}

export function toWebList(models: readonly CatalogModel[], opts: WebProjectionOptions): ModelEntry[] {
  return models.map((m) => toWebEntry(m, opts));
}
