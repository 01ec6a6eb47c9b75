import { useState } from 'react';
import { App, Button, Form, Input, Modal } from 'antd';
import { MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { LIMITS, MSG } from '@wanxiang/contract';
import { bindPhone, sendBindSmsCode } from '../../../api/bind-phone';
import { RequestError } from '../../../api/request';
import { useCountdown } from '../../../hooks/useCountdown';
import { useIsMobile } from '../../../hooks/useIsMobile';
import { useUserStore } from '../../../stores/user';
import { phoneRules, smsCodeRules } from '../login/rules';
import { useBindPhoneStore } from './bind-phone-store';
import { SliderCaptcha } from './SliderCaptcha';
import styles from './bind-phone.module.css';

interface Values {
  phone: string;
  code: string;
}

const errorText = (err: unknown) => (err instanceof RequestError ? err.msg : MSG.requestFailed);

/**
 * The phone-binding dialog (docs/product/accounts.md §4, §5): phone, slider captcha (checked by the server),
 * send code (120 s countdown), bind. On success the user info reloads; the first binding earns
 * 10 points.
 */
export function BindPhoneDialog() {
  const open = useBindPhoneStore((s) => s.open);
  const hide = useBindPhoneStore((s) => s.hide);
  const mobile = useIsMobile();
  return (
    <Modal
      open={open}
      onCancel={hide}
      footer={null}
      centered
      destroyOnHidden
      width={mobile ? 'calc(100vw - 24px)' : 520}
      title={MSG.bindPhoneTitle}
    >
      <BindPhoneForm onDone={hide} />
    </Modal>
  );
}

function BindPhoneForm({ onDone }: { onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const countdown = useCountdown();
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [sending, setSending] = useState(false);
  const [binding, setBinding] = useState(false);

  const onSendCode = async () => {
    if (countdown.running) {
      void message.warning(MSG.smsWait);
      return;
    }
    let phone: string;
    try {
      ({ phone } = await form.validateFields(['phone']));
    } catch {
      return; // the phone field shows 请输入正确的手机号再提交！
    }
    if (!captchaToken) {
      void message.warning(MSG.captchaRequired);
      return;
    }
    setSending(true);
    try {
      await sendBindSmsCode({ phone: phone.trim(), captchaToken });
      void message.success(MSG.smsSent);
      countdown.start(LIMITS.smsCountdownSec);
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      // The token was used (or refused): the next code needs a new drag.
      setCaptchaToken(null);
      setCaptchaKey((k) => k + 1);
      setSending(false);
    }
  };

  const onBind = async (v: Values) => {
    setBinding(true);
    try {
      const before = useUserStore.getState().user?.points ?? 0;
      const info = await bindPhone({ phone: v.phone.trim(), code: v.code.trim() });
      void message.success(MSG.bindPhoneSuccess);
      if (info.points > before) void message.info(MSG.bindPhoneBonus(info.points - before));
      await useUserStore.getState().refreshUser();
      onDone();
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBinding(false);
    }
  };

  return (
    <div className={styles.body} data-testid="bind-phone-body">
      <p className={styles.intro}>{MSG.bindPhoneIntro}</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        validateTrigger="onBlur"
        onFinish={(v) => void onBind(v)}
        // The code is checked on submit; typing clears an earlier complaint.
        onValuesChange={(changed: Partial<Values>) => {
          if ('code' in changed) form.setFields([{ name: 'code', errors: [] }]);
        }}
      >
        <Form.Item name="phone" rules={phoneRules} validateFirst>
          <Input
            size="large"
            placeholder={MSG.bindPhonePlaceholder}
            prefix={<MobileOutlined />}
            maxLength={11}
            inputMode="numeric"
            autoComplete="tel"
          />
        </Form.Item>
        <Form.Item>
          <SliderCaptcha resetKey={captchaKey} onPass={setCaptchaToken} />
        </Form.Item>
        {/* Not on blur: pressing 发送验证码 inside this field would blur it and complain too early. */}
        <Form.Item name="code" rules={smsCodeRules} validateTrigger={[]}>
          <Input
            size="large"
            placeholder={MSG.bindCodePlaceholder}
            prefix={<SafetyCertificateOutlined />}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            suffix={
              <Button
                type="link"
                size="small"
                loading={sending}
                className={countdown.running ? styles.codeWaiting : undefined}
                onClick={() => void onSendCode()}
                data-testid="bind-send-code"
              >
                {countdown.running ? MSG.bindResendIn(countdown.remaining) : MSG.bindSendCode}
              </Button>
            }
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={binding} data-testid="bind-submit">
          {MSG.bindSubmit}
        </Button>
      </Form>
    </div>
  );
}
