import { describe, expect, it } from 'vitest';
import {
  chatToMsgTarget,
  decideRoute,
  decodeBase64,
  encodeBase64,
  isLoginPath,
  modelTypeFromMsgSearch,
  pageTitle,
  roleOf,
  type GuardInput,
} from './guards';
import { route } from './types';

const base: Omit<GuardInput, 'route' | 'pathname'> = { search: '', isLoggedIn: false, isMobile: false, role: 'user' };

describe('base64 type', () => {
  it('encodes like btoa for ASCII keys and survives non-ASCII', () => {
    expect(encodeBase64('deepseek-v3')).toBe(btoa('deepseek-v3'));
    expect(decodeBase64(encodeBase64('通义千问-max'))).toBe('通义千问-max');
  });

  it('returns null for text that is not base64 of UTF-8', () => {
    expect(decodeBase64('%%%')).toBeNull();
    expect(decodeBase64(btoa('\xff\xfe'))).toBeNull();
  });

  it('reads the model key of a /msg URL, falling back to index', () => {
    expect(modelTypeFromMsgSearch(`?type=${encodeURIComponent(btoa('chat4.0'))}`)).toBe('chat4.0');
    expect(modelTypeFromMsgSearch('')).toBe('index');
    expect(modelTypeFromMsgSearch('?type=***')).toBe('index');
  });
});

describe('/chat -> /msg', () => {
  it('re-encodes type as base64 and keeps the rest of the query', () => {
    const to = chatToMsgTarget('?type=deepseek-v3&bottomType=web&mode=customer');
    const url = new URL(to, 'http://x');
    expect(url.pathname).toBe('/msg');
    expect(url.searchParams.get('type')).toBe(btoa('deepseek-v3'));
    expect(url.searchParams.get('bottomType')).toBe('web');
    expect(url.searchParams.get('mode')).toBe('customer');
  });

  it('never carries a session token or one-time code into the new address', () => {
    const url = new URL(chatToMsgTarget('?type=index&source=wanxiang_pc&token=abc&access_token=abc&uid=3&client_code=xyz'), 'http://x');
    expect([...url.searchParams.keys()]).toEqual(['type', 'source']);
  });

  it("defaults type to 'index'", () => {
    const url = new URL(chatToMsgTarget(''), 'http://x');
    expect(url.searchParams.get('type')).toBe(btoa('index'));
  });

  it('applies on /chat whatever the login state, and not on /msg', () => {
    const chat = route('/chat', 'AI对话', { element: 'chat' });
    expect(decideRoute({ ...base, route: chat, pathname: '/chat', search: '?type=v35' })).toEqual({
      kind: 'redirect',
      to: `/msg?type=${encodeURIComponent(btoa('v35'))}`,
      reason: 'chat',
    });
    expect(decideRoute({ ...base, isLoggedIn: true, route: chat, pathname: '/chat/' }).kind).toBe('redirect');
    expect(decideRoute({ ...base, route: route('/msg', 'AI对话'), pathname: '/msg' })).toEqual({ kind: 'render' });
  });
});

describe('login paths', () => {
  it('recognises /login and /login/:invite_code only', () => {
    expect(isLoginPath('/login')).toBe(true);
    expect(isLoginPath('/login/AB12')).toBe(true);
    expect(isLoginPath('/login/AB12/x')).toBe(false);
    expect(isLoginPath('/loginx')).toBe(false);
  });

  it('sends a logged-in user on a login path home, and lets a visitor stay', () => {
    const login = route('/login/:invite_code', '登录', { element: 'login' });
    expect(decideRoute({ ...base, isLoggedIn: true, route: login, pathname: '/login/AB12' })).toMatchObject({
      kind: 'redirect',
      to: '/',
    });
    expect(decideRoute({ ...base, route: login, pathname: '/login/AB12' })).toEqual({ kind: 'render' });
  });
});

describe('login-required routes', () => {
  const vip = route('/console/vip', '会员中心', { verifToken: true });

  it('without a token: desktop goes to the chat, mobile goes home', () => {
    expect(decideRoute({ ...base, route: vip, pathname: '/console/vip' })).toEqual({
      kind: 'redirect',
      to: '/chat?type=index',
      reason: 'loginRequired',
    });
    expect(decideRoute({ ...base, isMobile: true, route: vip, pathname: '/console/vip' })).toMatchObject({ to: '/' });
  });

  it('with a token: renders', () => {
    expect(decideRoute({ ...base, isLoggedIn: true, route: vip, pathname: '/console/vip' })).toEqual({ kind: 'render' });
  });

  it('open routes render for visitors', () => {
    expect(decideRoute({ ...base, route: route('/console', '个人中心'), pathname: '/console' })).toEqual({ kind: 'render' });
  });
});

describe('roles', () => {
  it('refuses a role outside the list: home first, then /404', () => {
    const adminOnly = route('/x', 'X', { roles: ['admin'] });
    expect(decideRoute({ ...base, route: adminOnly, pathname: '/x' })).toEqual({ kind: 'redirectThen', to: '/', then: '/404' });
    expect(decideRoute({ ...base, role: 'admin', route: adminOnly, pathname: '/x' })).toEqual({ kind: 'render' });
  });

  it('an empty role list means user', () => {
    const noRoles = route('/x', 'X', { roles: [] });
    expect(decideRoute({ ...base, route: noRoles, pathname: '/x' })).toEqual({ kind: 'render' });
    expect(decideRoute({ ...base, role: 'admin', route: noRoles, pathname: '/x' }).kind).toBe('redirectThen');
  });

  it("reads 'admin' from user info, user otherwise", () => {
    expect(roleOf(null)).toBe('user');
    expect(roleOf({ id: 1 })).toBe('user');
    expect(roleOf({ role: 'admin' })).toBe('admin');
  });
});

describe('page title', () => {
  it('suffixes the route title with the product name', () => {
    expect(pageTitle('会员中心')).toBe('会员中心 - 万象 AI');
    expect(pageTitle(undefined)).toBe('万象 AI');
  });
});
