import { Button, Form, Input } from 'antd';
import { accountRules, newPasswordRules, passwordRules } from './rules';
import styles from './login.module.css';

interface Values {
  account: string;
  password: string;
}

interface Props {
  disabled: boolean;
  /** Register mode: same fields, the stricter password rule and a different button. */
  mode: 'login' | 'register';
  submit: (account: string, password: string) => Promise<unknown>;
}

/** Password login (account = phone, e-mail or username) and the register form (docs/product/accounts.md §2, §4). */
export function PasswordLoginForm({ disabled, mode, submit }: Props) {
  const [form] = Form.useForm<Values>();
  const registering = mode === 'register';
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      disabled={disabled}
      onFinish={(v) => void submit(v.account.trim(), v.password)}
      className={styles.form}
    >
      <Form.Item name="account" rules={accountRules}>
        <Input
          size="large"
          placeholder={registering ? '请输入用户名或邮箱' : '请输入手机号 / 邮箱 / 用户名'}
          autoComplete="username"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="password" rules={registering ? newPasswordRules : passwordRules}>
        <Input.Password
          size="large"
          placeholder={registering ? '设置 6-32 位密码' : '请输入密码'}
          autoComplete={registering ? 'new-password' : 'current-password'}
          maxLength={registering ? 32 : 128}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block className={styles.submit}>
        {registering ? '注册并登录' : '登录'}
      </Button>
    </Form>
  );
}
