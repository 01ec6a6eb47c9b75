import { useCallback, useEffect, useState } from 'react';
import { App, Button, Modal, Spin } from 'antd';
import { CheckCircleFilled, GiftOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Code, MSG, type SigninInfo, type SigninResult } from '@wanxiang/contract';
import { signin, signinInfo } from '../../api/signin';
import { RequestError } from '../../api/request';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useDialogs } from '../../stores/dialogs';
import { selectIsLoggedIn, useUserStore } from '../../stores/user';
import { serializeError, shortDate, stripDays, type StripDay } from './strip';
import styles from './signin.module.css';

/**
 * The daily sign-in dialog (docs/product/signin.md §2, §4), opened by the `signin` dialog flag (avatar popover):
 * the 7-day strip with each day's gift, the streak, the rules, and 签到 / 今日已签到.
 */
export function SigninDialog() {
  const open = useDialogs((s) => s.signin);
  const close = useDialogs((s) => s.close);
  const loggedIn = useUserStore(selectIsLoggedIn);
  const mobile = useIsMobile();
  return (
    <Modal
      open={open && loggedIn}
      onCancel={() => close('signin')}
      footer={null}
      centered
      destroyOnHidden
      width={mobile ? 'calc(100vw - 24px)' : 720}
      title={MSG.signinTitle}
    >
      <SigninBody />
    </Modal>
  );
}

function SigninBody() {
  const { message } = App.useApp();
  const [info, setInfo] = useState<SigninInfo | null>(null);
  const [loading, setLoading] = useState(true);
  const [signing, setSigning] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [result, setResult] = useState<SigninResult | null>(null);

  const load = useCallback(async () => {
    try {
      setInfo(await signinInfo({ silent: true }));
    } catch (err) {
      void message.error(err instanceof RequestError ? err.msg : serializeError(err));
    } finally {
      setLoading(false);
    }
  }, [message]);

  useEffect(() => {
    void load();
  }, [load]);

  const onSign = async () => {
    setSigning(true);
    try {
      setResult(await signin({ silent: true }));
      // The header's points badge reads the user info: reload it with the credit.
      void useUserStore.getState().refreshUser();
      await load();
    } catch (err) {
      // Already signed reads the spec's text; any other failure shows the error serialized.
      if (err instanceof RequestError && err.code === Code.FAILED) {
        void message.warning(err.msg);
        await load();
      } else void message.error(serializeError(err));
    } finally {
      setSigning(false);
    }
  };

  if (loading && !info) {
    return (
      <div className={styles.loading}>
        <Spin />
      </div>
    );
  }
  if (!info) return null;
  const signed = info.signin;
  return (
    <div className={styles.body} data-testid="signin-dialog">
      <div className={styles.head}>
        <span className={styles.streak} data-testid="signin-streak">
          {MSG.signinContinue(info.continue_days)}
        </span>
        <Button type="link" size="small" icon={<QuestionCircleOutlined />} onClick={() => setRulesOpen(true)}>
          {MSG.signinRules}
        </Button>
      </div>
      <ol className={styles.strip}>
        {stripDays(info).map((d) => (
          <DayBox key={d.day} day={d} />
        ))}
      </ol>
      <div className={styles.bonus}>
        <GiftOutlined /> {MSG.signinWeekBonusTitle}：{info.week_bonus.join('、')}
      </div>
      <Button
        type="primary"
        size="large"
        block
        className={styles.action}
        disabled={signed}
        loading={signing}
        onClick={() => void onSign()}
        data-testid="signin-button"
      >
        {signed ? MSG.signinButtonDone : MSG.signinButton}
      </Button>

      <Modal open={rulesOpen} title={MSG.signinRulesTitle} footer={null} centered onCancel={() => setRulesOpen(false)}>
        <ol className={styles.rules}>
          {info.rules.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ol>
      </Modal>

      <Modal
        open={result !== null}
        title={null}
        centered
        width={360}
        onCancel={() => setResult(null)}
        footer={
          <Button type="primary" block onClick={() => setResult(null)}>
            {MSG.signinOk}
          </Button>
        }
      >
        <div className={styles.success} data-testid="signin-success">
          <CheckCircleFilled className={styles.successIcon} />
          <div className={styles.successTitle}>{MSG.signinSuccessTitle}</div>
          <div className={styles.successReward}>{result?.reward}</div>
          {result ? <div className={styles.successStreak}>{MSG.signinContinue(result.continue_days)}</div> : null}
        </div>
      </Modal>
    </div>
  );
}

function DayBox({ day }: { day: StripDay }) {
  const cls = [styles.day, styles[day.state]].join(' ');
  return (
    <li className={cls} data-testid={`signin-day-${day.day}`} data-state={day.state}>
      <div className={styles.dayLabel}>{MSG.signinDayLabel(day.day)}</div>
      <div className={styles.gift} title={day.gift}>
        {day.marquee ? (
          <span className={styles.marquee}>
            <span>{day.gift}</span>
            <span aria-hidden>{day.gift}</span>
          </span>
        ) : (
          <span className={styles.wrap}>{day.gift}</span>
        )}
      </div>
      <div className={styles.date}>{day.signed ? MSG.signinSignedTag : shortDate(day.date)}</div>
      {day.signed ? <CheckCircleFilled className={styles.check} /> : null}
    </li>
  );
}
