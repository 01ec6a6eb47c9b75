import type { FormRule } from 'antd';
import { MSG, PHONE_PATTERN, SMS_CODE_PATTERN } from '@wanxiang/contract';

/** Shell 5 validation rules: plain checks (unit-tested) and the antd form rules built from them. */

export function phoneError(phone: string | undefined): string | null {
  return PHONE_PATTERN.test((phone ?? '').trim()) ? null : MSG.phoneInvalid;
}

export function smsCodeError(code: string | undefined): string | null {
  return SMS_CODE_PATTERN.test((code ?? '').trim()) ? null : MSG.smsCodeInvalid;
}

export function accountError(account: string | undefined): string | null {
  return (account ?? '').trim() ? null : MSG.usernameInvalid;
}

export function passwordError(password: string | undefined): string | null {
  return password ? null : MSG.passwordInvalid;
}

/** Register: 6-32 characters, as the server's RegisterSchema. */
export function newPasswordError(password: string | undefined): string | null {
  if (!password) return MSG.passwordInvalid;
  return password.length >= 6 && password.length <= 32 ? null : MSG.passwordTooShort;
}

function asRule(check: (value: string | undefined) => string | null): FormRule {
  return {
    validator: (_rule, value: string | undefined) => {
      const error = check(value);
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };
}

export const phoneRules: FormRule[] = [asRule(phoneError)];
export const smsCodeRules: FormRule[] = [asRule(smsCodeError)];
export const accountRules: FormRule[] = [asRule(accountError)];
export const passwordRules: FormRule[] = [asRule(passwordError)];
export const newPasswordRules: FormRule[] = [asRule(newPasswordError)];
