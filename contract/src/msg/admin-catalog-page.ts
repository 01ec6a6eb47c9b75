/**
 * Text of the console's 目录配置 page (web/src/features/admin/catalog/): console-only words, outside MSG like the
 * other console pages' text. The server's messages for the same calls are in admin-catalog.ts.
 */
export const ADMIN_CATALOG_PAGE_MSG = {
  navCatalog: '目录配置',
  title: '目录配置',
  intro: '保存后所有服务进程几秒内生效，无需重启；文件中的内容始终是默认值，可随时恢复。',
  colDocument: '文档',
  colSource: '来源',
  colVersion: '版本',
  colUpdated: '最近修改',
  colActions: '操作',
  sourceFile: '文件默认',
  sourceDatabase: '控制台已修改',
  never: '—',
  byAdmin: (id: number) => `管理员 ${id}`,
  edit: '编辑',
  reset: '恢复文件默认',
  resetConfirm: (label: string) => `恢复「${label}」为文件中的默认内容？控制台中的修改将被覆盖（审计日志保留记录）。`,
  back: '返回列表',
  save: '保存',
  reload: '重新加载',
  format: '格式化',
  jsonInvalid: (detail: string) => `JSON 格式不正确：${detail}`,
  jsonHint: '按文件格式编辑，保存时服务器按与文件相同的规则校验。',
  gridHint: '每格是该等级每日可用次数：-1 为不限，0 为无。',
  colQuotaKey: '次数类型',
  unlimited: '不限',
  none: '无',
  editing: (label: string) => `编辑：${label}`,
  versionLine: (v: number) => `当前版本 ${v}`,
} as const;
