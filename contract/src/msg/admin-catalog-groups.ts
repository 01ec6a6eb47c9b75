/**
 * Text of the console's model groups form (web/src/features/admin/catalog/GroupsEditor.tsx): console-only words. The
 * shared words of the catalog forms (编辑, 删除, 确定…) are in admin-catalog-page.ts.
 */
export const ADMIN_CATALOG_GROUPS_MSG = {
  order: '顺序',
  up: '上移',
  down: '下移',
  key: '标识',
  label: '名称',
  icon: '图标',
  models: '模型',
  modelCount: (n: number) => `${n} 个模型`,
  add: '新增分组',
  newLabel: '新分组',
  lastGroup: '至少保留一个分组',
  keyInvalid: '标识须以小写字母开头，只能含小写字母、数字、_ 和 -',
  keyTaken: (key: string) => `分组标识「${key}」已被使用`,
  iconInvalid: '图标须为 /model-icons/ 下的 svg 路径，例如 /model-icons/default.svg',
  modelsRequired: '至少选择一个模型',
  modelsUnknown: (keys: string) => `模型「${keys}」不在模型列表中`,
  unknownTag: '含不存在的模型',
  modelsPlaceholder: '选择模型（按选择顺序显示）',
  modelsTagsHint: '模型列表暂时无法读取：请直接输入模型标识，回车确认',
  hint: '上移、下移调整分组在模型选择中的顺序；一个模型可出现在多个分组中。分组中的模型须在「模型」文档中存在。',
};
