import { Button, Input, Select, Slider, Switch } from 'antd';
import { textLines, TEXT_COLORS, TEXT_FONTS, TEXT_SIZE_RANGE, type TextDraft } from './text-draft';
import { T } from './texts';
import styles from './photo-editor.module.css';

interface TextPanelProps {
  value: TextDraft;
  onChange: (next: TextDraft) => void;
  onApply: () => void;
}

/** The text, its font, size, colour and weight; placed by dragging it on the picture. */
export function TextPanel({ value, onChange, onApply }: TextPanelProps) {
  const set = (patch: Partial<TextDraft>) => onChange({ ...value, ...patch });
  return (
    <div className={styles.panel} data-testid="photo-text-panel">
      <label className={styles.panelLabel} htmlFor="photo-text-input">
        {T.textContent}
      </label>
      <Input.TextArea
        id="photo-text-input"
        value={value.text}
        placeholder={T.textPlaceholder}
        autoSize={{ minRows: 2, maxRows: 5 }}
        maxLength={200}
        onChange={(e) => set({ text: e.target.value })}
        data-testid="photo-text-input"
      />
      <div className={styles.fieldRow}>
        <span className={styles.sliderLabel}>{T.textFont}</span>
        <Select
          className={styles.grow}
          value={value.fontId}
          onChange={(fontId) => set({ fontId })}
          aria-label={T.textFont}
          options={TEXT_FONTS.map((f) => ({ value: f.id, label: <span style={{ fontFamily: f.family }}>{f.label}</span> }))}
        />
        <span className={styles.sliderLabel}>{T.textBold}</span>
        <Switch size="small" checked={value.bold} onChange={(bold) => set({ bold })} aria-label={T.textBold} />
      </div>
      <div className={styles.sliderRow}>
        <span className={styles.sliderLabel}>{T.textSize}</span>
        <Slider className={styles.slider} min={TEXT_SIZE_RANGE.min} max={TEXT_SIZE_RANGE.max} value={value.sizePct} onChange={(sizePct) => set({ sizePct })} aria-label={T.textSize} />
        <span className={styles.sliderValue}>{value.sizePct}</span>
      </div>
      <div className={styles.fieldRow}>
        <span className={styles.sliderLabel}>{T.textColor}</span>
        <div className={styles.swatches} role="radiogroup" aria-label={T.textColor}>
          {TEXT_COLORS.map((c) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={value.color === c}
              aria-label={c}
              className={`${styles.swatch} ${value.color === c ? styles.swatchOn : ''}`}
              style={{ background: c }}
              onClick={() => set({ color: c })}
            />
          ))}
          <input type="color" className={styles.colorInput} value={value.color} onChange={(e) => set({ color: e.target.value })} aria-label={T.textColor} />
        </div>
      </div>
      <div className={styles.panelActions}>
        <Button type="primary" disabled={textLines(value.text).length === 0} onClick={onApply} data-testid="photo-text-apply">
          {T.textApply}
        </Button>
      </div>
      <p className={styles.hint}>{T.textHint}</p>
    </div>
  );
}
