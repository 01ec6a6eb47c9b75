import { route, type RouteConfig } from '../types';

/** Chat, home and misc, login, console and account routes (shell 2.1). */

export const chatRoutes: RouteConfig[] = [
  // /chat never renders: the guard forwards it to /msg with the type re-encoded as base64.
  route('/chat', 'AI对话', { element: 'chat' }),
  route('/msg', 'AI对话', { element: 'chat' }),
];

export const homeRoutes: RouteConfig[] = [
  route('/', '首页', { element: 'home' }),
  route('/mobilepage', '首页', { element: 'home' }),
  route('/wallet', '我的钱包', { element: 'wallet' }),
  route('/download', '下载客户端', { element: 'download' }),
  route('/about', '关于我们', { element: 'about' }),
  route('/productPage', '产品介绍'),
  route('/test', '测试'),
  route('/modelDetail', '模型详情'),
  route('/result', '生成结果'),
  route('/404', '页面不存在', { element: 'notFound' }),
];

export const loginRoutes: RouteConfig[] = [
  route('/login', '登录', { element: 'login' }),
  route('/login/:invite_code', '登录', { element: 'login' }),
];

const loginRequired = { verifToken: true };

export const consoleRoutes: RouteConfig[] = [
  route('/console', '个人中心', { element: 'console' }),
  route('/console/user', '个人信息', { ...loginRequired, element: 'consoleUser' }),
  route('/console/vip', '会员中心', { ...loginRequired, element: 'vip' }),
  route('/console/pointslog', '积分明细', { ...loginRequired, element: 'pointsLog' }),
  route('/console/pointsinsto', '积分记录', { ...loginRequired, element: 'pointsLog' }),
  route('/console/invite', '邀请有礼', { ...loginRequired, element: 'invite' }),
  route('/console/invite/list', '邀请记录', { ...loginRequired, element: 'inviteList' }),
  route('/console/invite/cash', '佣金提现', { ...loginRequired, element: 'inviteCash' }),
  route('/console/invite/order', '提现记录', { ...loginRequired, element: 'inviteOrder' }),
  route('/console/model/describe', '模型说明', loginRequired),
  route('/console/agreement/user', '用户协议', { element: 'agreement' }),
  route('/console/agreement/privacy', '隐私政策', { element: 'agreement' }),
  route('/moxing/myModel', '我的模型', { ...loginRequired, element: 'myModels' }),
  route('/moxing/trade', '模型交易', { ...loginRequired, element: 'sharedModels' }),
  route('/moxing/office', '模型办公', loginRequired),
  route('/moxing/share', '模型分享', { ...loginRequired, element: 'sharedModels' }),
  route('/WordOverview', '文档总览', loginRequired),
];
