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
} as const;
