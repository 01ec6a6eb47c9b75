import { page } from './page-entry';
import type { ToolSpec } from './spec';

/** Home, login, the personal centre, membership, invitations and the info pages (kind 'page'). */
export const ACCOUNT_PAGES: readonly ToolSpec[] = [
  page({ id: 'home', paths: ['/', '/mobilepage'], title: '首页', description: '万象 AI 的首页：热门模型、工具与活动入口。', group: 'info', icon: '🏠' }),
  page({ id: 'login', paths: ['/login', '/login/:invite_code'], title: '登录', description: '手机号验证码、密码或微信扫码登录。', group: 'account', icon: '🔑', keywords: ['注册', '登录'] }),
  page({ id: 'notFound', paths: ['/404'], title: '页面不存在', description: '访问的页面不存在时显示。', group: 'info', icon: '❓' }),
  page({ id: 'console', paths: ['/console'], title: '个人中心', description: '账号、会员、积分与邀请的总入口。', group: 'account', icon: '👤', keywords: ['我的', '账号'] }),
  page({ id: 'consoleUser', paths: ['/console/user'], title: '个人信息', description: '修改昵称、头像与登录密码。', group: 'account', icon: '🪪', loginRequired: true, keywords: ['昵称', '头像', '密码'] }),
  page({ id: 'vip', paths: ['/console/vip'], title: '会员中心', description: '开通会员、购买积分包、激活卡密。', group: 'account', icon: '👑', loginRequired: true, keywords: ['会员', 'VIP', '卡密'] }),
  page({ id: 'recharge', paths: ['/recharge'], title: '充值中心', description: '会员与积分包的购买页面。', group: 'account', icon: '💳', keywords: ['充值', '积分'] }),
  page({ id: 'pointsLog', paths: ['/console/pointslog'], title: '积分明细', description: '积分的收入与支出记录。', group: 'account', icon: '🧾', loginRequired: true, keywords: ['积分'] }),
  page({ id: 'pointsRecord', paths: ['/console/pointsinsto'], title: '积分记录', description: '积分的收入与支出记录。', group: 'account', icon: '🧾', loginRequired: true }),
  page({ id: 'invite', paths: ['/console/invite'], title: '邀请有礼', description: '分享邀请链接，好友付费可得佣金。', group: 'account', icon: '🎁', loginRequired: true, keywords: ['邀请', '佣金'] }),
  page({ id: 'inviteList', paths: ['/console/invite/list'], title: '邀请记录', description: '已邀请的用户列表。', group: 'account', icon: '📋', loginRequired: true }),
  page({ id: 'inviteCash', paths: ['/console/invite/cash'], title: '佣金提现', description: '申请提现邀请佣金。', group: 'account', icon: '💰', loginRequired: true, keywords: ['提现'] }),
  page({ id: 'inviteOrder', paths: ['/console/invite/order'], title: '提现记录', description: '佣金提现申请的处理状态。', group: 'account', icon: '📄', loginRequired: true }),
  page({ id: 'wallet', paths: ['/wallet'], title: '我的钱包', description: '积分余额与佣金钱包。', group: 'account', icon: '👛', keywords: ['钱包', '余额'] }),
  page({ id: 'equity', paths: ['/equity'], title: '全部权益', description: '各会员等级的权益对照表。', group: 'account', icon: '📊', keywords: ['权益', '会员'] }),
  page({ id: 'agreementUser', paths: ['/console/agreement/user'], title: '用户协议', description: '万象 AI 用户协议。', group: 'info', icon: '📜' }),
  page({ id: 'agreementPrivacy', paths: ['/console/agreement/privacy'], title: '隐私政策', description: '万象 AI 隐私政策。', group: 'info', icon: '🔒' }),
  page({ id: 'download', paths: ['/download'], title: '下载客户端', description: '桌面客户端、手机应用与小程序。', group: 'info', icon: '⬇️', keywords: ['客户端', 'App'] }),
  page({ id: 'about', paths: ['/about', '/helpfor/about'], title: '关于我们', description: '万象 AI 是谁、做什么。', group: 'info', icon: 'ℹ️' }),
  page({ id: 'helpCentre', paths: ['/helpfor/centre'], title: '帮助中心', description: '常见问题与使用说明。', group: 'info', icon: '🛟', keywords: ['帮助', '问题'] }),
  page({ id: 'helpNews', paths: ['/helpfor/news'], title: '更新日志', description: '产品的更新记录。', group: 'info', icon: '📰' }),
  page({ id: 'helpContact', paths: ['/helpfor/intriguing'], title: '联系客服', description: '联系人工客服。', group: 'info', icon: '☎️', keywords: ['客服'] }),
];
