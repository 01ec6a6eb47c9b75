import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { ToolField, ToolFieldOption } from '@wanxiang/contract';
import styles from './fields.module.css';

export interface ChoiceCardsProps {
  field: ToolField;
  value: string;
  onChange: (value: string) => void;
  /** Id of the form's label for this field (a radio group is named by it, not by `for`). */
  labelledBy: string;
  invalid: boolean;
  /** The picture above an option's label (a swatch, a ratio box). */
  picture: (option: ToolFieldOption) => ReactNode;
  /** Narrow cards (ratio boxes) or wider ones (style swatches). */
  compact?: boolean;
}

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREV_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * One choice among picture cards, as a radio group (WAI-ARIA pattern): click or tap picks a card;
 * Tab reaches the group once, the arrow keys move and pick, Home/End jump, Space/Enter pick.
 */
export function ChoiceCards({ field, value, onChange, labelledBy, invalid, picture, compact }: ChoiceCardsProps) {
  const options = field.options ?? [];
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = options.findIndex((o) => o.value === value);
  // The tab stop: the picked card, else the first.
  const tabStop = selected >= 0 ? selected : 0;

  const pick = (i: number) => {
    const o = options[i];
    if (!o) return;
    onChange(o.value);
    refs.current[i]?.focus();
  };

  const onKey = (e: KeyboardEvent, i: number) => {
    let to = -1;
    if (NEXT_KEYS.has(e.key)) to = (i + 1) % options.length;
    else if (PREV_KEYS.has(e.key)) to = (i - 1 + options.length) % options.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = options.length - 1;
    else if (e.key === ' ' || e.key === 'Enter') to = i;
    if (to < 0) return;
    e.preventDefault();
    pick(to);
  };

  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-required={field.required || undefined}
      aria-invalid={invalid || undefined}
      id={`tool-field-${field.name}`}
      className={`${styles.cards} ${compact ? styles.cardsCompact : ''}`}
      data-testid={`choice-${field.name}`}
    >
      {options.map((o, i) => {
        const on = i === selected;
        return (
          <button
            key={o.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={on}
            tabIndex={i === tabStop ? 0 : -1}
            className={`${styles.card} ${on ? styles.cardOn : ''}`}
            onClick={() => pick(i)}
            onKeyDown={(e) => onKey(e, i)}
            data-value={o.value}
          >
            <span className={styles.cardPicture} aria-hidden>
              {picture(o)}
            </span>
            <span className={styles.cardLabel}>{o.label}</span>
          </button>
        );
      })}
    </div>
  );
}
