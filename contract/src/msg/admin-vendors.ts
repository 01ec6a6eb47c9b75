/**
 * Messages of the console's vendors page (/api/admin/vendors, docs/api.md "Admin: vendors"): keys and base URLs of the
 * upstream vendors saved over the environment, and the test call.
 */
export const ADMIN_VENDORS_MSG = {
  adminVendorIdInvalid: '服务商不存在',
  adminVendorBaseUrlInvalid: '接口地址必须是 http:// 或 https:// 开头的完整网址（最长 500 个字符）',
  adminVendorApiKeyInvalid: 'API Key 必须是 1-500 个字符，且不能包含空格或换行',
  adminVendorSecretKeyInvalid: 'Secret Key 必须是 1-500 个字符，且不能包含空格或换行',
  adminVendorNothingToSave: '请填写接口地址或密钥（至少一项）',
  /** A second secret sent for a vendor that signs with one key. */
  adminVendorNoSecretKey: '该服务商只需要一个 API Key，不需要 Secret Key',
  /** A vendor whose settings only the environment sets (its backend reads them at start). */
  adminVendorNotEditable: '该服务商暂不支持在控制台修改，请在环境变量中配置后重启服务',
  adminVendorSaved: '已保存，所有服务进程将在几秒内生效',
  adminVendorReset: '已恢复为环境变量中的配置',
  adminVendorNotOverridden: '该服务商未在控制台修改过，已是环境变量中的配置',
  /** The test call's outcomes (answered with code 0: the test ran; `ok` says how the vendor answered). */
  adminVendorTestOk: (ms: number) => `连接成功，耗时 ${ms} 毫秒`,
  adminVendorTestNotConfigured: '该服务商尚未配置（缺少 API Key 或接口地址），无法测试',
  adminVendorTestNoTest: '该服务商暂不支持连接测试',
  adminVendorTestUnauthorized: (status: number) => `服务商拒绝了 API Key（HTTP ${status}），请检查密钥是否正确`,
  adminVendorTestRateLimited: '服务商限流（HTTP 429），请稍后再试或检查账户额度',
  adminVendorTestHttp: (status: number, detail: string) => `服务商返回错误（HTTP ${status}）${detail ? `：${detail}` : ''}`,
  adminVendorTestTimeout: (seconds: number) => `连接超时（${seconds} 秒内没有响应），请检查接口地址和网络`,
  adminVendorTestUnreachable: '无法连接到服务商，请检查接口地址和网络',
  adminVendorTestBadAnswer: '服务商的响应格式不正确，请确认接口地址是 OpenAI 兼容接口',
  /** The backend vendors' tests, through their adapters. */
  adminVendorTestAuthFailed: '服务商拒绝了密钥，请检查 API Key（及 Secret Key）是否正确',
  adminVendorTestVendorError: (detail: string) => `服务商返回错误${detail ? `：${detail}` : ''}`,
  adminVendorTestAnswerInvalid: '服务商的响应格式不正确，请确认接口地址',
  /** Chinese names of the vendor kinds (console labels). */
  adminVendorKinds: { chat: '对话', image: '绘图', speech: '语音合成', stt: '语音识别', music: '音乐', video: '视频', search: '搜索' } as Record<
    string,
    string
  >,
  adminVendorSources: { env: '环境变量', database: '控制台', none: '未配置' } as Record<string, string>,

  // ---- The console page (web/src/features/admin/vendors)
  navVendors: '服务商',
  vendorsTitle: '服务商',
  vendorsIntro: (hours: number) =>
    `各服务商的接口地址和密钥可在此修改，保存后加密存储并覆盖环境变量，所有服务进程几秒内生效，无需重启。错误率与延迟为本进程最近 ${hours} 小时的调用统计。`,
  colVendor: '服务商',
  colKind: '类型',
  colSource: '配置来源',
  colKey: 'API Key',
  colBaseUrl: '接口地址',
  colErrorRate: '错误率（24 小时）',
  colLatency: '延迟 P50 / P95',
  colActions: '操作',
  keyNotSet: '未设置',
  noCalls: '暂无调用',
  calls: (n: number) => `${n} 次调用`,
  actionEdit: '编辑',
  actionTest: '测试',
  actionReset: '恢复默认',
  resetConfirm: '恢复为环境变量中的配置？控制台保存的接口地址和 API Key 将被清除。',
  envOnly: '仅环境变量',
  editTitle: (name: string) => `编辑服务商：${name}`,
  editBaseUrl: '接口地址（Base URL）',
  editBaseUrlHelp: (fallback: string) => `默认：${fallback}。要回到环境变量或默认地址，请使用“恢复默认”。`,
  editBaseUrlFallbackNone: '无（需自行填写）',
  editApiKey: 'API Key',
  editApiKeyHelpSet: (last4: string) => `已设置（••••${last4}）。出于安全考虑不会显示原值；留空则保持不变。`,
  editApiKeyHelpUnset: '尚未设置。',
  editApiKeyPlaceholder: '输入新的 API Key',
  /** The vendors that sign with a key pair (Kling): the first key is the access key. */
  editAccessKey: 'Access Key',
  editSecretKey: 'Secret Key',
  editSecretKeyPlaceholder: '输入新的 Secret Key',
  editSecretKeyHelpSet: (last4: string) => `已设置（••••${last4}）。出于安全考虑不会显示原值；留空则保持不变。`,
  save: '保存',
  cancel: '取消',
  testing: '正在测试…',
  testTitleOk: '连接成功',
  testTitleFailed: '连接失败',
} as const;
