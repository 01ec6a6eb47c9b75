/**
 * Messages of the console's catalog editor (/api/admin/catalog, docs/api.md "Admin: catalog") and of a tool the
 * operator switched off. Spread into MSG (messages.ts).
 */
export const ADMIN_CATALOG_MSG = {
  adminCatalogNameInvalid: '目录文档名称不正确',
  adminCatalogContentInvalid: '请提交文档内容（JSON 对象，MCP 服务为 JSON 数组）',
  adminCatalogVersionInvalid: '版本号必须是不小于 0 的整数',
  /** A save whose content fails the document's own checks (the same as the file gets at boot); `detail` names the entry and field. */
  adminCatalogRejected: (label: string, detail: string) => `${label}校验未通过：${detail}`,
  /** Another admin saved the document after this one opened it. */
  adminCatalogStale: (version: number) => `该文档已被其他管理员修改（当前版本 ${version}），请刷新后重新编辑`,
  adminCatalogSaved: '已保存，所有服务进程将在几秒内生效',
  adminCatalogReset: '已恢复为文件默认值',
  adminCatalogNotOverridden: '该文档未被修改过，已是文件默认值',

  /** A run of a tool the operator switched off in the console (HTTP 400; nothing is held). */
  toolDisabled: '该工具已暂停使用，请稍后再试',

  /** Chinese names of the documents (console labels and the messages above). */
  adminCatalogLabels: {
    models: '模型',
    groups: '模型分组',
    tiers: '会员等级与每日次数',
    tools: '工具（开关、价格、计次）',
    shop: '商品',
    signin: '签到奖励',
    promos: '推广与公告',
    sidebar: '侧边栏',
    site: '站点搜索与页脚',
    mcp: 'MCP 服务',
    webdisk: '网盘渠道',
  } as Record<string, string>,
  /** Audit action names the console shows. */
  adminCatalogActionNames: { 'catalog.update': '修改目录', 'catalog.reset': '恢复目录默认值' } as Record<string, string>,
} as const;
