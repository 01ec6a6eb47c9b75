import type { CustomModelEntry, ModelEntry } from '@wanxiang/contract';

/**
 * A custom model (GET model.list, docs/product/custom-models.md §3) as a chat catalog entry,
 * so menus, the chat header and the chat page treat it like any model. resloveType 'customer'
 * is what the 'More' modal's custom tab lists.
 */
export function customModelToEntry(m: CustomModelEntry): ModelEntry {
  return {
    key: m.key,
    label: m.label,
    sort_label: m.label,
    shortName: m.label,
    icon: m.icon,
    icon_link: '',
    desc: `${m.company} · ${m.model_id}`,
    description: `${m.company} · ${m.model_id}`,
    checkKey: 'chat',
    isFree: m.isFree,
    free: m.isFree,
    tags: m.tags,
    vipTag: m.vipTag,
    internetModelType: '',
    modelType: 'common',
    resloveType: 'customer',
    uploadLimit: m.uploadLimit,
    request: '',
    high: false,
    only_points: m.only_points,
    allow_points: false,
    consume_points: m.consume_points,
    isAttack: false,
    isChecked: false,
    reasoning: false,
    online: true,
    keepHistory: true,
    vendor: 'custom',
  };
}
