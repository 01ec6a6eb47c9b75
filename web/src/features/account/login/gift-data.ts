/** Copy of the left gift panel (docs/product/accounts.md §1). */
export const GIFTS: readonly { title: string; desc: string }[] = [
  { title: '无限畅聊', desc: '新用户注册即享不限次对话' },
  { title: '免费大模型', desc: 'DeepSeek、通义、GLM 等免费用' },
  { title: '免费 AI 功能', desc: '绘画、PPT、翻译、写作随心体验' },
  { title: '赠送积分', desc: '注册即送积分，可抵扣高级模型' },
];

/** The scrolling "recent rewards" ticker. */
export const RECENT_REWARDS: readonly string[] = [
  '138****6621 领取了 新人会员礼包',
  '186****0317 获得了 100 积分',
  '159****2284 开通了 月度会员',
  '177****9130 领取了 新人会员礼包',
  '135****4472 获得了 AI绘画 ×10',
  '199****0856 获得了 100 积分',
  '152****7719 开通了 年度会员',
  '181****3305 领取了 新人会员礼包',
];
