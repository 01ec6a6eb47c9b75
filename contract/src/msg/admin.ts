/**
 * Messages of the operator's admin API (/api/admin/*, docs/admin.md): role refusals, validation sentences, refusals of
 * the user actions, and the Chinese names of audit actions the console shows. Spread into MSG (messages.ts).
 */
export const ADMIN_MSG = {
  /** A signed-in account without the admin role (HTTP 403); visitors get MSG.unauthorized (401). */
  adminForbidden: '无权访问：该操作需要管理员权限',
  /** Login of a banned account, by any login path. */
  adminBannedLogin: '该账号已被封禁，如有疑问请联系客服',

  adminUserIdInvalid: '用户编号无效',
  adminUserNotFound: '用户不存在',
  adminPageInvalid: '页码必须是 1 到 100000 的整数',
  adminSizeInvalid: '每页条数必须是 1 到 100 的整数',
  adminKeywordInvalid: '搜索关键词格式不正确（不超过 64 个字）',
  adminActionFilterInvalid: '操作类型格式不正确',
  adminTargetFilterInvalid: '操作对象格式不正确（如 user:10001）',

  adminPointsDeltaInvalid: '积分变动必须是非零整数，且绝对值不超过 1000000',
  adminPointsReasonInvalid: '请填写调整原因（1-100 个字），用户会在积分明细中看到',
  adminPointsInsufficient: '用户积分不足，扣除后余额不能为负',
  adminPointsDone: '积分已调整',

  adminVipInvalid: '会员等级必须是 0 到 999 的整数（0 为普通用户）',
  adminVipTypeInvalid: '会员类型名称不能超过 32 个字',
  adminExpiresAtInvalid: '到期时间格式不正确，请使用 ISO 时间（如 2026-01-01T00:00:00+08:00）',
  adminExpiresAtPast: '到期时间必须晚于当前时间',
  adminMembershipTermRequired: '请设置到期时间或选择永久有效（二选一）',
  adminMembershipFreeNoTerm: '设为普通用户时不能设置到期时间或永久有效',
  adminMembershipDone: '会员已更新',

  adminBanReasonInvalid: '请填写封禁原因（1-200 个字）',
  adminBanAdminRefused: '不能封禁管理员账号，请先撤销其管理员权限',
  adminBanSelfRefused: '不能封禁自己的账号',
  adminAlreadyBanned: '该用户已被封禁',
  adminNotBanned: '该用户未被封禁',
  adminBanDone: '已封禁，该用户的登录会话已全部失效',
  adminUnbanDone: '已解除封禁',

  adminPasswordInvalid: '新密码长度须为 6-32 位',
  adminPasswordDone: '密码已重置，该用户的登录会话已全部失效',

  /** Chinese names of the audit actions (console labels); unknown actions show their code. */
  adminActionNames: {
    'user.points': '调整积分',
    'user.membership': '设置会员',
    'user.ban': '封禁用户',
    'user.unban': '解除封禁',
    'user.password': '重置密码',
    'user.role': '变更角色',
    'moderation.persona_approve': '通过角色',
    'moderation.persona_reject': '拒绝角色',
    'moderation.model_dismiss': '驳回模型举报',
    'moderation.model_takedown': '下架共享模型',
    'moderation.chat_dismiss': '驳回对话举报',
    'moderation.chat_confirm': '确认对话违规',
    'moderation.image_takedown': '下架作品',
    'moderation.image_restore': '恢复作品',
    'money.refund': '订单退款',
    'money.cards_issue': '生成卡密',
    'money.card_void': '作废卡密',
    'money.cash_approve': '提现打款',
    'money.cash_refuse': '拒绝提现',
    'vendor.update': '修改服务商配置',
    'vendor.reset': '恢复服务商默认配置',
  } as Record<string, string>,
  /** Who acted: an admin account, the command line, or ADMIN_PHONES at login. */
  adminActorNames: { admin: '管理员', cli: '命令行', config: '系统配置' } as Record<string, string>,
} as const;
