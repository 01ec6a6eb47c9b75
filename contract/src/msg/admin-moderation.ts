/**
 * Text of the moderation area of the admin console (persona review, shared-model and chat-reply reports, the picture
 * gallery; docs/admin.md "Moderation"): the server's validation sentences and refusals under /api/admin/moderation/*,
 * and the console page's words. Kept out of MSG like ADMIN_MONEY_MSG: only the console's chunk and the server use it.
 */
export const ADMIN_MODERATION_MSG = {
  // ---- Validation (HTTP 400)
  modIdInvalid: '编号无效',
  modPersonaStatusInvalid: '审核状态不正确（可选：待审核、已通过、已拒绝）',
  modReportStatusInvalid: '举报状态不正确（可选：待处理、已驳回、已处理）',
  modImageStatusInvalid: '作品状态不正确（可选：展示中、被举报隐藏、已下架）',
  modRejectReasonInvalid: '请填写拒绝原因（1-200 个字），作者会看到它',
  modTakedownReasonInvalid: '请填写下架原因（1-200 个字）',
  modNoteInvalid: '备注不能超过 200 个字',

  // ---- Not found (404) and refusals (code 1000): a second reviewer on an item already handled
  modPersonaNotFound: '角色不存在',
  modPersonaNotPending: '该角色已被审核，请刷新后查看',
  modModelNotFound: '共享模型不存在',
  modModelNoOpenReports: '该模型的举报已被处理，请刷新后查看',
  modChatReportNotFound: '举报不存在',
  modChatReportHandled: '该举报已被处理，请刷新后查看',
  modImageNotFound: '作品不存在',
  modImageAlreadyDown: '该作品已下架，请刷新后查看',
  modImageNotDown: '该作品正在展示，无需恢复',

  // ---- Done (the envelope's msg)
  modPersonaApproved: '已通过：该角色对所有用户可见',
  modPersonaRejected: '已拒绝：作者会在自己的角色列表中看到拒绝原因',
  modModelDismissed: '已驳回举报：该模型继续在模型广场展示',
  modModelTakenDown: '已下架：该模型已从模型广场移除',
  modChatDismissed: '已驳回该举报',
  modChatConfirmed: '已确认违规并记录',
  modImageTakenDown: '已下架：该作品已从作品广场移除，作者仍可在自己的作品中看到',
  modImageRestored: '已恢复：该作品重新在作品广场展示',

  // ---- The console page
  modTitle: '内容审核',
  modTabPersonas: '角色审核',
  modTabModels: '模型举报',
  modTabChats: '对话举报',
  modTabImages: '作品广场',
  modPersonaStatusNames: { pending: '待审核', approved: '已通过', refused: '已拒绝' } as Record<string, string>,
  modReportStatusNames: { open: '待处理', dismissed: '已驳回', actioned: '已处理' } as Record<string, string>,
  modImageStatusNames: { listed: '展示中', hidden: '被举报隐藏', taken_down: '已下架' } as Record<string, string>,
  modChatCategoryNames: { 1: '有害信息', 2: '低俗色情', 3: '辱骂攻击', 4: '违法违规', 5: '其他' } as Record<number, string>,
  modApprove: '通过',
  modReject: '拒绝',
  modDismiss: '驳回举报',
  modTakeDown: '下架',
  modConfirm: '确认违规',
  modRestore: '恢复展示',
  modRejectTitle: '拒绝该角色',
  modTakedownTitle: '下架原因',
  modReasonPlaceholder: '请填写原因（1-200 个字）',
  modNotePlaceholder: '备注（可选，最多 200 个字）',
  modAuthor: '作者',
  modReporter: '举报人',
  modReports: '举报',
  modReason: '原因',
  modContent: '内容',
  modCreatedAt: '时间',
  modStatus: '状态',
  modActions: '操作',
  modEmpty: '暂无内容',
  modBuiltin: '内置',
} as const;
