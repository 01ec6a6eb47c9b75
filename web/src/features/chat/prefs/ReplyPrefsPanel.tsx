import { Button, Segmented, Select, Tag } from 'antd';
import { ANSWER_ANGLES, DEFAULT_REPLY_PREFS, MSG, REPLY_LANGUAGES, REPLY_LENGTHS, REPLY_MODIFIERS } from '@wanxiang/contract';
import type { ReplyPrefs } from '../../../stores/chat-extras';
import { normalizePrefs, toggleModifier } from './prefs-rules';
import styles from './prefs.module.css';

export interface ReplyPrefsPanelProps {
  value: ReplyPrefs;
  onChange(next: ReplyPrefs): void;
}

const LENGTH_OPTIONS = REPLY_LENGTHS.map((k) => ({ value: k, label: MSG.prefsLengths[k] }));
const LANGUAGE_OPTIONS = REPLY_LANGUAGES.map((k) => ({ value: k, label: MSG.prefsLanguages[k] }));

/** The reply-preference picker: answer angle, modifiers, length, language (docs/product/chat.md §9). */
export function ReplyPrefsPanel({ value, onChange }: ReplyPrefsPanelProps) {
  const angle = value.angle ?? DEFAULT_REPLY_PREFS.angle;
  const set = (patch: ReplyPrefs) => onChange(normalizePrefs({ ...value, ...patch }));
  return (
    <div className={styles.panel} data-testid="reply-prefs">
      <section>
        <div className={styles.label}>{MSG.prefsAngle}</div>
        <div className={styles.tags}>
          {ANSWER_ANGLES.map((k) => (
            <Tag.CheckableTag key={k} checked={angle === k} onChange={() => set({ angle: k })}>
              {MSG.prefsAngles[k]}
            </Tag.CheckableTag>
          ))}
        </div>
      </section>
      <section>
        <div className={styles.label}>
          {MSG.prefsModifiers}
          <span className={styles.hint}>{MSG.prefsModifiersHint}</span>
        </div>
        <div className={`${styles.tags} ${styles.modifiers}`}>
          {REPLY_MODIFIERS.map((w) => {
            const on = value.modifiers?.includes(w) ?? false;
            return (
              <Tag.CheckableTag key={w} checked={on} onChange={() => set({ modifiers: toggleModifier(value.modifiers, w) })}>
                {w}
              </Tag.CheckableTag>
            );
          })}
        </div>
      </section>
      <section className={styles.row}>
        <div>
          <div className={styles.label}>{MSG.prefsLength}</div>
          <Segmented
            size="small"
            options={LENGTH_OPTIONS}
            value={value.length ?? DEFAULT_REPLY_PREFS.length}
            onChange={(v) => set({ length: String(v) })}
          />
        </div>
        <div>
          <div className={styles.label}>{MSG.prefsLanguage}</div>
          <Select
            size="small"
            className={styles.language}
            options={LANGUAGE_OPTIONS}
            value={value.language ?? DEFAULT_REPLY_PREFS.language}
            onChange={(v) => set({ language: v })}
            aria-label={MSG.prefsLanguage}
          />
        </div>
        <Button size="small" type="link" onClick={() => onChange({})} className={styles.reset}>
          {MSG.prefsReset}
        </Button>
      </section>
    </div>
  );
}
