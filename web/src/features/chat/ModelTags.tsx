import { Tag } from 'antd';
import { MSG, type ModelEntry } from '@wanxiang/contract';

/** Tags read from data (STYLE 11): high-end, members-only, then the model's own tags. */
export function modelTags(model: ModelEntry): string[] {
  const tags: string[] = [];
  if (model.high || model.vipTag) tags.push(model.vipTag || MSG.chatTagHigh);
  if (!model.isFree) tags.push(MSG.chatTagMembersOnly);
  for (const t of model.tags) if (!tags.includes(t)) tags.push(t);
  return tags;
}

export function ModelTags({ model }: { model: ModelEntry }) {
  return (
    <>
      {modelTags(model).map((t) => (
        <Tag
          key={t}
          color={t === MSG.chatTagHigh || t === model.vipTag ? 'gold' : t === MSG.chatTagMembersOnly ? 'purple' : 'blue'}
          bordered={false}
        >
          {t}
        </Tag>
      ))}
    </>
  );
}
