import { describe, expect, it } from 'vitest';
import { accountError, newPasswordError, passwordError, phoneError, smsCodeError } from './rules';

describe('login validation (docs/product/accounts.md §5)', () => {
  it('accepts mainland mobiles only: 11 digits, 1 then 3-9', () => {
    expect(phoneError('13800138000')).toBeNull();
    expect(phoneError(' 19912345678 ')).toBeNull();
    for (const bad of ['12345678901', '1380013800', '138001380001', '', undefined, '1380013800a']) {
      expect(phoneError(bad)).toBe('请输入正确的手机号再提交！');
    }
  });

  it('accepts 4 to 6 digit codes', () => {
    expect(smsCodeError('1234')).toBeNull();
    expect(smsCodeError('123456')).toBeNull();
    for (const bad of ['123', '1234567', '12a4', '', undefined]) {
      expect(smsCodeError(bad)).toBe('请输入正确4-6位手机验证码再提交！');
    }
  });

  it('requires an account and a password for password login', () => {
    expect(accountError('  ')).toBe('请输入正确的用户名！');
    expect(accountError('a@b.cn')).toBeNull();
    expect(passwordError('')).toBe('请输入正确的密码！');
    expect(passwordError('x')).toBeNull();
  });

  it('asks 6-32 characters of a new password', () => {
    expect(newPasswordError('')).toBe('请输入正确的密码！');
    expect(newPasswordError('12345')).toBe('密码长度需为6-32位');
    expect(newPasswordError('123456')).toBeNull();
    expect(newPasswordError('x'.repeat(33))).toBe('密码长度需为6-32位');
  });
});
