import { useState } from 'react';
import { App, Button, Input, Select, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  MSG,
  PERSONA_AVATAR_MAX,
  PERSONA_DESCRIPTION_MAX,
  PERSONA_LINE_MAX,
  PERSONA_LINES_MAX,
  PERSONA_TITLE_MAX,
  PersonaAddSchema,
  type PersonaAddReq,
  type PersonaItem,
} from '@wanxiang/contract';
import { RequestError } from '../../api/request';
import { addPersona } from '../../api/personas';
import styles from './personas.module.css';

type Role = 'system' | 'user' | 'assistant';
interface DraftLine {
  role: Role | '';
  content: string;
}

interface Props {
  /** Viewing mode: everything read-only and submitting refused with 请勿操作. */
  viewing?: PersonaItem;
  onSubmitted(p: PersonaItem): void;
  onBack(): void;
}

const ROLE_OPTIONS = (['system', 'user', 'assistant'] as const).map((r) => ({ value: r, label: MSG.personaRoleNames[r] }));

/** Add a persona (then it waits for review) or view one read-only. */
export function PersonaForm({ viewing, onSubmitted, onBack }: Props) {
  const { message } = App.useApp();
  const readOnly = viewing !== undefined;
  const [title, setTitle] = useState(viewing?.title ?? '');
  const [avatar, setAvatar] = useState(viewing?.avatar ?? '');
  const [emoji, setEmoji] = useState(viewing?.emoji ?? '');
  const [description, setDescription] = useState(viewing?.description ?? '');
  const [lines, setLines] = useState<DraftLine[]>(viewing?.context ?? [{ role: 'system', content: '' }]);
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const setLine = (i: number, patch: Partial<DraftLine>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const submit = async () => {
    if (readOnly) {
      void message.warning(MSG.personaViewOnly);
      return;
    }
    const draft = { title, avatar, emoji, description, context: lines } as unknown as PersonaAddReq;
    const checked = PersonaAddSchema.safeParse(draft);
    if (!checked.success) {
      const msg = checked.error.issues[0]?.message ?? MSG.personaSubmitFailed;
      setError(msg);
      void message.error(msg);
      return;
    }
    setError('');
    setSubmitting(true);
    try {
      const created = await addPersona(checked.data);
      void message.success(MSG.personaSubmitted);
      onSubmitted(created);
    } catch (err) {
      // A validation sentence from the server is worth showing; anything else reads 提交失败.
      const msg = err instanceof RequestError && err.code === 400 ? err.msg : MSG.personaSubmitFailed;
      setError(msg);
      void message.error(msg);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.form} data-testid={readOnly ? 'persona-view' : 'persona-form'}>
      <label className={styles.field}>
        <span>{MSG.personaFormTitle}</span>
        <Input
          value={title}
          readOnly={readOnly}
          maxLength={PERSONA_TITLE_MAX}
          placeholder={MSG.personaFormTitlePlaceholder}
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <div className={styles.row}>
        <label className={styles.field} style={{ flex: 1 }}>
          <span>{MSG.personaFormAvatar}</span>
          <Input
            value={avatar}
            readOnly={readOnly}
            maxLength={PERSONA_AVATAR_MAX}
            placeholder={MSG.personaFormAvatarPlaceholder}
            onChange={(e) => setAvatar(e.target.value)}
          />
        </label>
        <label className={styles.field} style={{ width: 96 }}>
          <span>{MSG.personaFormEmoji}</span>
          <Input value={emoji} readOnly={readOnly} maxLength={4} onChange={(e) => setEmoji(e.target.value)} />
        </label>
      </div>
      <label className={styles.field}>
        <span>{MSG.personaFormDescription}</span>
        <Input.TextArea
          value={description}
          readOnly={readOnly}
          maxLength={PERSONA_DESCRIPTION_MAX}
          autoSize={{ minRows: 1, maxRows: 3 }}
          placeholder={MSG.personaFormDescriptionPlaceholder}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <div className={styles.field}>
        <span>{MSG.personaFormContext}</span>
        <div className={styles.lines}>
          {lines.map((l, i) => (
            <div key={i} className={styles.line} data-testid="persona-line">
              <Select<Role>
                className={styles.roleSelect}
                value={l.role || undefined}
                placeholder={MSG.personaFormRole}
                options={ROLE_OPTIONS}
                disabled={readOnly}
                aria-label={MSG.personaFormRole}
                onChange={(role) => setLine(i, { role })}
              />
              <Input.TextArea
                value={l.content}
                readOnly={readOnly}
                maxLength={PERSONA_LINE_MAX}
                autoSize={{ minRows: 1, maxRows: 6 }}
                placeholder={MSG.personaFormContent}
                onChange={(e) => setLine(i, { content: e.target.value })}
              />
              {!readOnly && (
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={MSG.personaFormRemoveLine}
                  title={MSG.personaFormRemoveLine}
                  onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
                />
              )}
            </div>
          ))}
          {!readOnly && lines.length < PERSONA_LINES_MAX && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => setLines((ls) => [...ls, { role: 'user', content: '' }])}>
              {MSG.personaFormAddLine}
            </Button>
          )}
        </div>
      </div>
      {error && (
        <Typography.Text type="danger" data-testid="persona-form-error">
          {error}
        </Typography.Text>
      )}
      <Space className={styles.formActions}>
        <Button onClick={onBack}>{MSG.personaBack}</Button>
        <Button type="primary" loading={submitting} onClick={() => void submit()}>
          {MSG.personaSubmit}
        </Button>
      </Space>
    </div>
  );
}
