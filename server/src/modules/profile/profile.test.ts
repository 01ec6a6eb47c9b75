import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_CHOICES, Code, MSG, type Envelope, type PasswordState, type UserInfo } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, newPhone, randomIp, type TestApp } from '../../../test/app';

/** /console/user over HTTP: nick and avatar edits with their checks, set and change password. */
describe.each(testDbKinds())('profile on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, token: string | undefined, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? { token } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
      remoteAddress: randomIp(),
    });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const phoneUser = async () => {
    const phone = newPhone();
    const r = await call<UserInfo>('POST', '/v1/user/phoneLogin', undefined, { phone, code: '123456' });
    expect(r.body.code).toBe(Code.OK);
    return { phone, token: r.body.data.token };
  };

  it('needs a login', async () => {
    const r = await call('POST', '/v1/user/updateInfo', undefined, { nick: '小明' });
    expect(r.status).toBe(401);
  });

  it('changes the nick and the avatar, and user info shows them', async () => {
    const { token } = await phoneUser();
    const r = await call<UserInfo>('POST', '/v1/user/updateInfo', token, { nick: '  星河漫步  ', avatar: AVATAR_CHOICES[2] });
    expect(r.body).toMatchObject({ code: Code.OK, msg: MSG.profileUpdated });
    expect(r.body.data).toMatchObject({ nick: '星河漫步', avatar: AVATAR_CHOICES[2] });
    // Only the avatar: the nick stays.
    await call('POST', '/v1/user/updateInfo', token, { avatar: AVATAR_CHOICES[0] });
    const info = await call<UserInfo>('GET', '/v1/user/info', token);
    expect(info.body.data).toMatchObject({ nick: '星河漫步', avatar: AVATAR_CHOICES[0] });
  });

  it.each([
    [{ nick: '' }, MSG.profileNickInvalid],
    [{ nick: '一二三四五六七八九十一二三四五六七八九十一' }, MSG.profileNickInvalid],
    [{ nick: 'a\u0007b' }, MSG.profileNickBadChars],
    [{ nick: 'a\u202eb' }, MSG.profileNickBadChars],
    [{ avatar: 'https://evil.example/x.png' }, MSG.profileAvatarInvalid],
    [{ avatar: '/avatars/../index.html' }, MSG.profileAvatarInvalid],
    [{}, MSG.profileNothingToUpdate],
    [{ nick: 42 }, MSG.profileNickInvalid],
  ])('refuses %j with a Chinese message', async (payload, msg) => {
    const { token } = await phoneUser();
    const r = await call('POST', '/v1/user/updateInfo', token, payload);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: Code.BAD_REQUEST, msg });
  });

  it('a 20-character nick is accepted (counted in characters, not bytes)', async () => {
    const { token } = await phoneUser();
    const nick = '一二三四五六七八九十一二三四五六七八九十';
    const r = await call<UserInfo>('POST', '/v1/user/updateInfo', token, { nick });
    expect(r.body.data.nick).toBe(nick);
  });

  it('a code-login account sets a password, then changes it with the old one, and logs in with it', async () => {
    const { phone, token } = await phoneUser();
    expect((await call<PasswordState>('GET', '/v1/user/passwordState', token)).body.data).toEqual({ has_password: false });
    const set = await call('POST', '/v1/user/changePassword', token, { pass: 'first-pass1' });
    expect(set.body).toMatchObject({ code: Code.OK, msg: MSG.profilePasswordSet });
    expect((await call<PasswordState>('GET', '/v1/user/passwordState', token)).body.data).toEqual({ has_password: true });

    const noOld = await call('POST', '/v1/user/changePassword', token, { pass: 'second-pass2' });
    expect(noOld.body.msg).toBe(MSG.profileOldPasswordNeeded);
    const wrongOld = await call('POST', '/v1/user/changePassword', token, { old: 'nope-nope', pass: 'second-pass2' });
    expect(wrongOld.body.msg).toBe(MSG.profileOldPasswordWrong);
    const same = await call('POST', '/v1/user/changePassword', token, { old: 'first-pass1', pass: 'first-pass1' });
    expect(same.body.msg).toBe(MSG.profilePasswordSame);
    const device = await call<{ device_token: string }>('POST', '/v1/user/deviceToken', token);
    expect(device.body.code).toBe(Code.OK);
    const before = await call('POST', '/v1/user/deviceLogin', undefined, { account: phone, device_token: device.body.data.device_token });
    expect(before.body.code).toBe(Code.OK);
    const changed = await call('POST', '/v1/user/changePassword', token, { old: 'first-pass1', pass: 'second-pass2' });
    expect(changed.body).toMatchObject({ code: Code.OK, msg: MSG.profilePasswordChanged });
    // The remembered device no longer logs in once the password changed.
    const remembered = await call('POST', '/v1/user/deviceLogin', undefined, { account: phone, device_token: device.body.data.device_token });
    expect(remembered.body.code).not.toBe(Code.OK);

    const oldLogin = await call('POST', '/v1/user/login', undefined, { user: phone, pass: 'first-pass1' });
    expect(oldLogin.body.code).not.toBe(Code.OK);
    const newLogin = await call<UserInfo>('POST', '/v1/user/login', undefined, { user: phone, pass: 'second-pass2' });
    expect(newLogin.body.code).toBe(Code.OK);
  });

  it.each([['12345'], ['x'.repeat(33)]])('refuses a password of bad length %#', async (pass) => {
    const { token } = await phoneUser();
    const r = await call('POST', '/v1/user/changePassword', token, { pass });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(MSG.profilePasswordInvalid);
  });
});
