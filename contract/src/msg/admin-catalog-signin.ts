/**
 * Text of the console's sign-in rewards form (web/src/features/admin/catalog/signin-form.ts): console-only words, the
 * client checks mirror server/src/modules/signin/rewards.ts so a bad value is refused before the save.
 */
export const ADMIN_CATALOG_SIGNIN_MSG = {
  signinDefaultRewardRequired: '默认奖励文案不能为空',
  signinDaysSeven: '签到奖励须正好 7 天',
  signinPointsInvalid: (day: number) => `第 ${day} 天的积分须为不小于 0 的整数`,
  signinGiftBlank: (day: number) => `第 ${day} 天的奖励文案不能只有空格（留空则显示默认奖励）`,
  signinCountKeyInvalid: (day: number, key: string) => `第 ${day} 天的计次键「${key}」须以小写字母开头，只含小写字母、数字和下划线`,
  signinCountInvalid: (day: number, key: string) => `第 ${day} 天「${key}」的次数须为不小于 1 的整数`,
  signinBonusLabelRequired: (n: number) => `满周奖励第 ${n} 项的名称不能为空`,
  signinBonusKeyInvalid: (n: number) => `满周奖励第 ${n} 项的计次键须以小写字母开头，只含小写字母、数字和下划线`,
  signinBonusAmountInvalid: (n: number) => `满周奖励第 ${n} 项的次数须为不小于 1 的整数`,
  signinRulesRequired: '签到规则至少要有一条，且每条不能为空',

  // The form's words.
  signinHint: '奖励文案是签到条和成功弹窗显示的文字，积分和计次是实际发放的内容；文案留空的一天显示默认奖励。',
  signinDefaultReward: '默认奖励文案',
  signinDaysTitle: '每日奖励（连续签到第几天）',
  signinDay: '天数',
  signinDayN: (day: number) => `第 ${day} 天`,
  signinGift: '奖励文案',
  signinPoints: '积分',
  signinCounts: '计次奖励',
  signinCountAdd: '添加计次',
  signinCountLabel: (day: number, key: string) => `第 ${day} 天 ${key} 次数`,
  signinRemove: '移除',
  signinBonusTitle: '满周奖励（本周连续签到满 7 天额外发放一次）',
  signinBonusLabel: '名称',
  signinBonusKey: '计次类型',
  signinBonusAmount: '次数',
  signinBonusPending: '即将上线',
  signinBonusPendingHint: '即将上线的奖励只展示，不发放',
  signinBonusAdd: '新增满周奖励',
  signinBonusNew: '新奖励',
  signinRulesTitle: '签到规则',
  signinRuleN: (n: number) => `规则 ${n}`,
  signinRuleAdd: '新增规则',
} as const;
