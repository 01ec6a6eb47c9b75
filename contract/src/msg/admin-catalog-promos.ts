/**
 * Text of the console's promos and notices form (web/src/features/admin/catalog/promos-form.ts): console-only words. The
 * client checks mirror server/src/modules/promos/catalog.ts so a bad value is refused before the save.
 */
export const ADMIN_CATALOG_PROMOS_MSG = {
  promosHint: '这里编辑展示开关、版本更新提示和模型推广弹窗；文字公告、全局公告、搜索引导、新年活动和弹窗按钮请在「高级」中编辑。有错误提示的输入不会写入，保存时沿用它上一次的有效值。',

  // show.*: what each switch shows (web/src/features/promos/).
  promosSwitchesTitle: '展示开关',
  promosSwitches: {
    deepseek_dialog: 'DeepSeek 多模型介绍弹窗（首页和 /deepseek，每 7 天最多一次）',
    first_entry: '首次访问下载轮播（手机端第一次打开时）',
    service_float: '客服悬浮图标（手机端，关闭后 7 天不再显示）',
    download_bar: '底部下载条（手机端，聊天页除外）',
    agent_guide: '智能体引导弹窗（/aiAgent 页面，每 7 天最多一次）',
    vip_countdown: '会员倒计时优惠弹窗（用户登录后，每天最多一次）',
    search_guide: '搜索引擎引导轮播（从搜索引擎来访，每天首次访问）',
    update_dialog: '版本更新提示（客户端与网页版版本落后时弹出）',
  } as Record<string, string>,

  // versions, pc_update, web_update
  promosUpdateTitle: '版本与更新提示',
  promosVersionPc: '客户端最新版本',
  promosVersionWeb: '网页版最新版本',
  promosVersionPcMin: '客户端最低可用版本（低于此版本必须下载新版，弹窗不能关闭）',
  promosVersionInvalid: '版本号须为 YYYY.MM.DD 格式，例如 2025.08.19',
  promosPcContent: '客户端更新说明（每行一条）',
  promosDownloadUrl: '客户端下载地址',
  promosDownloadUrlRequired: '客户端下载地址不能为空',
  promosWebContent: '网页版更新说明',
  promosTooLong: (field: string, max: number) => `${field}最多 ${max} 个字符`,

  // model
  promosModelTitle: '模型推广弹窗',
  promosModelShow: '显示模型推广弹窗',
  promosModelShowHint: '标题、内容、图片或按钮改动后，看过的用户会再次看到弹窗',
  promosModelTitleField: '弹窗标题',
  promosModelContent: '弹窗内容（HTML）',
  promosModelContentNote: '显示前会经过 HTML 清理：保留加粗、段落、链接等格式标签，去掉脚本、事件属性、iframe、表单、内联样式和 javascript: 链接；链接在新标签页打开。',
  promosModelImage: '图片地址（留空不显示图片）',
  promosModelButtons: (n: number) => `弹窗按钮 ${n} 个（在「高级」中编辑）`,
} as const;
