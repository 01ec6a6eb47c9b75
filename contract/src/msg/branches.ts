/**
 * Messages of conversation branches (issue 17 part 2, docs/product/chat.md §4): editing a sent question
 * and switching between sibling questions or answers with `< 2/3 >`.
 */
export const BRANCH_MSG = {
  branchEdit: '编辑',
  branchEditLabel: '编辑问题',
  branchEditSend: '发送',
  branchEditCancel: '取消',
  branchPrev: '上一个',
  branchNext: '下一个',
  /** Read out by screen readers beside the `2/3` counter. */
  branchGroup: '切换版本',
} as const;
