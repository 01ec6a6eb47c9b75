/**
 * Text of the console's MCP and web-disk forms (web/src/features/admin/catalog/): console-only words. The shared
 * words of the catalog forms (编辑, 删除, 确定…) are in admin-catalog-page.ts.
 */
export const ADMIN_CATALOG_CHANNELS_MSG = {
  // mcp
  mcpName: '标识',
  mcpDescription: '说明',
  mcpUrl: '服务地址',
  mcpType: '传输方式',
  mcpTypeStreamable: 'Streamable HTTP',
  mcpEnabled: '启用',
  mcpAdd: '新增 MCP 服务',
  mcpNewName: 'new-server',
  mcpMax: (max: number) => `最多配置 ${max} 个 MCP 服务`,
  mcpNameInvalid: '标识只能是小写字母、数字和 -，以字母或数字开头，最多 24 个字符',
  mcpNameTaken: (name: string) => `标识「${name}」已被使用`,
  mcpUrlInvalid: '服务地址必须是 http:// 或 https:// 开头的网址',
  mcpDescriptionTooLong: '说明最多 200 个字符',
  mcpHint: '模型调用的工具名为「标识__工具名」；停用的服务不会连接。清空列表即关闭 MCP。',

  // webdisk
  diskKey: '配置键',
  diskLabel: '名称',
  diskType: '结果类型编号',
  diskTab: '服务的标签页',
  diskTabNone: '无（仅聚合页使用）',
  diskTabs: { up1: 'UP云搜', up2: 'UP云搜2', brother: '兄弟盘', aggregate: '聚合搜索' } as Record<string, string>,
  diskUrl: '地址模板',
  diskUrlEmpty: '未配置',
  diskMethod: '请求方式',
  diskFormat: '返回格式',
  diskFormats: { json: 'JSON', base64json: 'Base64 编码的 JSON', html: 'HTML 页面（CSS 选择器）' } as Record<string, string>,
  diskItemsPath: '结果列表路径',
  diskSearchType: '聚合请求的 type（仅 POST）',
  diskAdd: '新增渠道',
  diskNewLabel: '新渠道',
  diskKeyTaken: (key: string) => `配置键 ${key} 已被使用`,
  diskTabTaken: (tab: string) => `标签页「${tab}」已由其他渠道使用`,
  diskUrlInvalid: '地址模板留空（未配置）或以 http:// 或 https:// 开头，可含 {keyword} 和 {page}',
  diskPathInvalid: '请填写以 . 分隔的路径，例如 result.items',
  diskNeedsSelectors: 'HTML 渠道需要在「高级」中填写 selectors（选择器）',
  diskNeedsFields: 'JSON 渠道需要在「高级」中填写 fields（字段路径）',
  diskAllKeysUsed: '所有配置键都已有渠道',
  diskHint: '地址模板中的 {keyword} 与 {page} 会替换为搜索词和页码；字段路径（fields）与选择器（selectors）请在「高级」中编辑。',
} as const;
