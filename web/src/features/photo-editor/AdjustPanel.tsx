import { Button, Slider } from 'antd';
import { ADJUST_RANGE, FILTER_IDS, FILTER_LABELS, isNeutral, type Adjustments } from './adjust';
import { T } from './texts';
import styles from './photo-editor.module.css';

interface AdjustPanelProps {
  value: Adjustments;
  onChange: (next: Adjustments) => void;
  onApply: () => void;
}

const SLIDERS = [
  { key: 'brightness', label: T.brightness },
  { key: 'contrast', label: T.contrast },
  { key: 'saturation', label: T.saturation },
] as const;

/** Brightness, contrast and saturation sliders and the filter presets; previewed live, applied on demand. */
export function AdjustPanel({ value, onChange, onApply }: AdjustPanelProps) {
  return (
    <div className={styles.panel} data-testid="photo-adjust-panel">
      {SLIDERS.map(({ key, label }) => (
        <div key={key} className={styles.sliderRow}>
          <span className={styles.sliderLabel}>{label}</span>
          <Slider
            className={styles.slider}
            min={ADJUST_RANGE.min}
            max={ADJUST_RANGE.max}
            value={value[key]}
            onChange={(v) => onChange({ ...value, [key]: v })}
            aria-label={label}
            data-testid={`photo-adjust-${key}`}
          />
          <span className={styles.sliderValue}>{value[key]}</span>
        </div>
      ))}
      <div className={styles.panelLabel}>{T.filter}</div>
      <div className={styles.chips} role="radiogroup" aria-label={T.filter}>
        {FILTER_IDS.map((id) => (
          <button
            key={id}
            type="button"
            role="radio"
            aria-checked={value.filter === id}
            className={`${styles.chip} ${value.filter === id ? styles.chipOn : ''}`}
            onClick={() => onChange({ ...value, filter: id })}
          >
            {FILTER_LABELS[id]}
          </button>
        ))}
      </div>
      <div className={styles.panelActions}>
        <Button type="primary" disabled={isNeutral(value)} onClick={onApply} data-testid="photo-adjust-apply">
          {T.adjustApply}
        </Button>
        <Button disabled={isNeutral(value)} onClick={() => onChange({ brightness: 0, contrast: 0, saturation: 0, filter: 'none' })}>
          {T.adjustReset}
        </Button>
      </div>
      <p className={styles.hint}>{T.adjustHint}</p>
    </div>
  );
}
