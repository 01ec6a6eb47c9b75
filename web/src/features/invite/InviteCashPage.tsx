import { useState } from 'react';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { MSG, yuanToCents } from '@wanxiang/contract';
import { moneyCash } from '../../api/invite';
import { RequestError } from '../../api/request';
import { feedback } from '../../components/feedback/holder';
import { casherProblem, moneyProblem, nameProblem, ruleOf } from './cash-form';
import { InviteNav } from './InviteNav';
import { useInviteInfo } from './useInviteInfo';
import styles from './invite.module.css';

interface CashForm {
  money: string;
  casher: string;
  name: string;
}

/** /console/invite/cash: the balance and the cash-out form (money in yuan, payee account, name). */
export default function InviteCashPage() {
  const { info, reload } = useInviteInfo();
  const [form] = Form.useForm<CashForm>();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  const submit = async (v: CashForm) => {
    setBusy(true);
    try {
      await moneyCash({ money: v.money.trim(), casher: v.casher.trim(), name: v.name.trim() }, { silent: true });
      feedback().success(MSG.cashSubmitted);
      await reload();
      void navigate('/console/invite/order');
    } catch (err) {
      feedback().error(err instanceof RequestError ? err.msg : MSG.requestFailed);
    } finally {
      setBusy(false);
    }
  };

  const bounds = info
    ? { minCents: yuanToCents(info.min_cash) ?? 0, maxCents: yuanToCents(info.max_cash) ?? 0, balanceCents: info.wallet_cents }
    : null;
  return (
    <div className={styles.page} data-testid="invite-cash-page">
      <InviteNav />
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>可提现余额（元）</h2>
        {info ? (
          <div className={styles.balance} data-testid="cash-balance">
            {info.wallet}
          </div>
        ) : (
          <Skeleton active paragraph={false} />
        )}
        {info && (
          <p className={styles.hint}>
            单次提现 {info.min_cash} - {info.max_cash} 元，提交后 1-3 个工作日内审核打款。
          </p>
        )}
        {info && !info.invite_open && <Alert type="warning" showIcon title={MSG.inviteNotOpen} style={{ marginBottom: 16 }} />}
        <Form<CashForm> form={form} layout="vertical" onFinish={(v) => void submit(v)} style={{ maxWidth: 420 }} requiredMark={false}>
          <Form.Item
            label="提现金额（元）"
            name="money"
            rules={bounds ? [ruleOf((v) => moneyProblem(v, bounds))] : []}
            validateTrigger="onBlur"
          >
            <Input inputMode="decimal" placeholder="请输入提现金额" data-testid="cash-money" />
          </Form.Item>
          <Form.Item label="支付宝账号" name="casher" rules={[ruleOf(casherProblem)]} validateTrigger="onBlur">
            <Input placeholder="请输入收款支付宝账号或手机号" maxLength={80} data-testid="cash-casher" />
          </Form.Item>
          <Form.Item label="真实姓名" name="name" rules={[ruleOf(nameProblem)]} validateTrigger="onBlur">
            <Input placeholder="请输入收款人真实姓名" maxLength={30} data-testid="cash-name" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} disabled={!info} block data-testid="cash-submit">
            申请提现
          </Button>
        </Form>
      </section>
    </div>
  );
}
