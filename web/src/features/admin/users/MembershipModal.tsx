import dayjs, { type Dayjs } from 'dayjs';
import { Alert, App, DatePicker, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { ADMIN_CONSOLE_MSG as T, MSG, ADMIN_VIP_MAX, type AdminMembershipReq, type AdminUserItem } from '@wanxiang/contract';
import { adminSetMembership } from '../../../api/admin';
import { userLabel } from '../format';
import { useAction } from './useAction';

interface MembershipForm {
  vip: number;
  vipType: string;
  term: 'expiry' | 'permanent';
  expiresAt?: Dayjs;
}

/** The request of the form: vip 0 carries no term; otherwise exactly one of expiresAt and permanent. */
export function membershipRequest(v: MembershipForm): AdminMembershipReq {
  if (v.vip === 0) return { vip: 0 };
  const vipType = v.vipType?.trim() ?? '';
  const base = { vip: v.vip, ...(vipType ? { vipType } : {}) };
  return v.term === 'permanent' ? { ...base, permanent: true } : { ...base, expiresAt: v.expiresAt!.toISOString() };
}

/** 设置会员: the level (0 = none), its label and its term (an expiry in the future, or permanent), confirmed first. */
export function MembershipModal({ user, onClose, onDone }: { user: AdminUserItem; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<MembershipForm>();
  const { modal, message } = App.useApp();
  const { busy, error, run } = useAction();
  const vip = Form.useWatch('vip', form);
  const term = Form.useWatch('term', form);
  const current = user.vipExpiresAt && dayjs(user.vipExpiresAt).isAfter(dayjs()) ? dayjs(user.vipExpiresAt) : undefined;

  const submit = (v: MembershipForm) => {
    modal.confirm({
      title: T.membershipConfirm(userLabel(user)),
      okText: T.confirm,
      cancelText: T.cancel,
      centered: true,
      onOk: async () => {
        if (await run(() => adminSetMembership(user.id, membershipRequest(v)))) {
          void message.success(MSG.adminMembershipDone);
          onDone();
        }
      },
    });
  };

  return (
    <Modal open title={T.actMembership} okText={T.confirm} cancelText={T.cancel} onOk={form.submit} onCancel={onClose} confirmLoading={busy} destroyOnHidden>
      <Form<MembershipForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ vip: user.vipStored, vipType: user.vipType, term: user.vipPermanent ? 'permanent' : 'expiry', expiresAt: current }}
      >
        <Form.Item
          name="vip"
          label={T.membershipLevel}
          extra={T.membershipLevelHint}
          rules={[{ required: true, type: 'integer', min: 0, max: ADMIN_VIP_MAX, message: T.membershipLevelRequired }]}
        >
          <InputNumber min={0} max={ADMIN_VIP_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {vip !== 0 && (
          <>
            <Form.Item name="vipType" label={T.membershipType}>
              <Input maxLength={32} placeholder={T.membershipTypePlaceholder} />
            </Form.Item>
            <Form.Item name="term" label={T.membershipTerm}>
              <Radio.Group
                options={[
                  { label: T.membershipTermExpiry, value: 'expiry' },
                  { label: T.membershipTermPermanent, value: 'permanent' },
                ]}
              />
            </Form.Item>
            {term !== 'permanent' && (
              <Form.Item
                name="expiresAt"
                label={T.membershipExpiresAt}
                rules={[{ required: true, validator: (_r, d?: Dayjs) => (d && d.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error(T.membershipExpiresAtRequired))) }]}
              >
                <DatePicker showTime style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
              </Form.Item>
            )}
          </>
        )}
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
