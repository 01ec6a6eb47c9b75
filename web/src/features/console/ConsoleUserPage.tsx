import { Button, Form, Input } from 'antd';
import { AVATAR_CHOICES, MSG, NICK_MAX, PASSWORD_MAX, PASSWORD_MIN, nickField, type UserInfo } from '@wanxiang/contract';
import { useEffect, useState } from 'react';
import { changePassword, passwordState, updateInfo } from '../../api/profile';
import { RequestError } from '../../api/request';
import { feedback } from '../../components/feedback/holder';
import { selectUser, useUserStore } from '../../stores/user';
import { maskPhone } from '../account/user-display';
import { InfoLayout } from '../info/InfoLayout';
import infoStyles from '../info/info.module.css';
import { ProfileAvatar } from './ProfileAvatar';
import styles from './console.module.css';

const errorText = (err: unknown) => (err instanceof RequestError ? err.msg : MSG.retryLater);

/** Store the server's reloaded user info, keeping this session's token. */
function applyUser(user: UserInfo) {
  const { token, setSession } = useUserStore.getState();
  setSession({ ...user, token: token || user.token });
}

function ProfileForm({ user }: { user: UserInfo }) {
  const [nick, setNick] = useState(user.nick);
  const [avatar, setAvatar] = useState(user.avatar);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    // The contract's own rule, so the message matches the server's.
    const parsed = nickField.safeParse(nick);
    if (!parsed.success) return feedback().error(parsed.error.issues[0]?.message ?? MSG.profileNickInvalid);
    const patch: { nick?: string; avatar?: string } = {};
    if (parsed.data !== user.nick) patch.nick = parsed.data;
    if (avatar && avatar !== user.avatar) patch.avatar = avatar;
    if (!patch.nick && !patch.avatar) return feedback().warn(MSG.profileNothingToUpdate);
    setSaving(true);
    try {
      applyUser(await updateInfo(patch, { silent: true }));
      feedback().success(MSG.profileUpdated);
    } catch (err) {
      feedback().error(errorText(err));
    } finally {
      setSaving(false);
    }
  };
  const preview = { ...user, avatar, nick: nick || user.nick };
  return (
    <div className={infoStyles.card}>
      <h2 className={infoStyles.cardTitle}>基本资料</h2>
      <div className={styles.profile} style={{ marginBottom: 16 }}>
        <ProfileAvatar user={preview} size={72} />
        <div className={infoStyles.muted}>
          ID：{user.uid}
          <br />
          手机号：{user.phone ? maskPhone(user.phone) : '未绑定'}
        </div>
      </div>
      <Form layout="vertical" onFinish={save}>
        <Form.Item label={`昵称（1-${NICK_MAX}个字符）`}>
          <Input value={nick} onChange={(e) => setNick(e.target.value)} maxLength={NICK_MAX} showCount placeholder="请输入昵称" />
        </Form.Item>
        <Form.Item label="选择头像">
          <div className={styles.avatars} role="radiogroup" aria-label="选择头像">
            {AVATAR_CHOICES.map((src, i) => (
              <button
                key={src}
                type="button"
                role="radio"
                aria-checked={avatar === src}
                aria-label={`头像${i + 1}`}
                className={`${styles.avatarChoice} ${avatar === src ? styles.avatarChosen : ''}`}
                onClick={() => setAvatar(src)}
              >
                <img src={src} alt="" />
              </button>
            ))}
          </div>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存资料
        </Button>
      </Form>
    </div>
  );
}

function PasswordForm() {
  const [hasPassword, setHasPassword] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ old?: string; pass: string; confirm: string }>();
  useEffect(() => {
    void passwordState({ silent: true })
      .then((s) => setHasPassword(s.has_password))
      .catch(() => setHasPassword(true));
  }, []);
  const submit = async (v: { old?: string; pass: string; confirm: string }) => {
    setSaving(true);
    try {
      await changePassword({ old: hasPassword ? v.old : undefined, pass: v.pass }, { silent: true });
      feedback().success(hasPassword ? MSG.profilePasswordChanged : MSG.profilePasswordSet);
      form.resetFields();
      setHasPassword(true);
    } catch (err) {
      feedback().error(errorText(err));
    } finally {
      setSaving(false);
    }
  };
  if (hasPassword === null) return null;
  const passRule = { min: PASSWORD_MIN, max: PASSWORD_MAX, message: MSG.profilePasswordInvalid };
  return (
    <div className={infoStyles.card}>
      <h2 className={infoStyles.cardTitle}>{hasPassword ? '修改密码' : '设置密码'}</h2>
      {!hasPassword && <p className={infoStyles.muted}>当前账号尚未设置密码，设置后可使用手机号 + 密码登录。</p>}
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 420 }}>
        {hasPassword && (
          <Form.Item name="old" label="原密码" rules={[{ required: true, message: MSG.profileOldPasswordNeeded }]}>
            <Input.Password placeholder="请输入原密码" autoComplete="current-password" />
          </Form.Item>
        )}
        <Form.Item name="pass" label="新密码" rules={[{ required: true, message: MSG.profilePasswordInvalid }, passRule]}>
          <Input.Password placeholder={`请输入${PASSWORD_MIN}-${PASSWORD_MAX}位新密码`} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['pass']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('pass') === value ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {hasPassword ? '修改密码' : '设置密码'}
        </Button>
      </Form>
    </div>
  );
}

/** /console/user (login required): nickname, avatar, password. */
export default function ConsoleUserPage() {
  const user = useUserStore(selectUser);
  return (
    <InfoLayout title="个人信息">
      {user ? (
        <>
          <ProfileForm key={user.uid} user={user} />
          <PasswordForm />
        </>
      ) : (
        <div className={infoStyles.card}>正在加载...</div>
      )}
    </InfoLayout>
  );
}
