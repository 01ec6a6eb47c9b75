import { Button, Form, Input } from 'antd';
import { LIMITS, MSG } from '@wanxiang/contract';
import { feedback } from '../../../components/feedback/holder';
import { useCountdown } from '../../../hooks/useCountdown';
import { phoneRules, smsCodeRules } from './rules';
import styles from './login.module.css';

interface Values {
  phone: string;
  code: string;
}

interface Props {
  disabled: boolean;
  sendCode: (phone: string) => Promise<boolean | undefined>;
  submit: (phone: string, code: string) => Promise<unknown>;
}

/** Verification-code login (docs/product/accounts.md §2): phone + SMS code; unknown phones are registered on login. */
export function CodeLoginForm({ disabled, sendCode, submit }: Props) {
  const [form] = Form.useForm<Values>();
  const countdown = useCountdown();

  const onSendCode = async () => {
    if (countdown.running) {
      feedback().warn(MSG.smsWait);
      return;
    }
    let phone: string;
    try {
      ({ phone } = await form.validateFields(['phone']));
    } catch {
      return; // the phone field now shows 请输入正确的手机号再提交！
    }
    if (await sendCode(phone.trim())) countdown.start(LIMITS.smsCountdownSec);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      disabled={disabled}
      onFinish={(v) => void submit(v.phone.trim(), v.code.trim())}
      className={styles.form}
    >
      <Form.Item name="phone" rules={phoneRules} validateFirst>
        <Input
          size="large"
          placeholder="请输入手机号"
          prefix={<span className={styles.prefix}>+86</span>}
          maxLength={11}
          inputMode="numeric"
          autoComplete="tel"
        />
      </Form.Item>
      <Form.Item name="code" rules={smsCodeRules}>
        <Input
          size="large"
          placeholder="请输入验证码"
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
          suffix={
            <button
              type="button"
              className={`${styles.codeButton} ${countdown.running ? styles.codeButtonWaiting : ''}`}
              aria-disabled={countdown.running}
              onClick={() => void onSendCode()}
            >
              {countdown.running ? `${countdown.remaining}s 后重新获取` : '获取验证码'}
            </button>
          }
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block className={styles.submit}>
        登录 / 注册
      </Button>
    </Form>
  );
}
