import type { ToolField } from '@wanxiang/contract';
import { ChoiceCards } from './ChoiceCards';
import { ratioBox, styleSwatch } from './choice-look';
import styles from './fields.module.css';

interface PickFieldProps {
  field: ToolField;
  value: string;
  onChange: (value: string) => void;
  labelledBy: string;
  invalid: boolean;
}

/** `style`: our style presets as small picture cards, each a gradient swatch in the preset's colours. */
export function StyleField(props: PickFieldProps) {
  return <ChoiceCards {...props} picture={(o) => <span className={styles.swatch} style={{ background: styleSwatch(o.value) }} />} />;
}

/** `size`: aspect ratios as small boxes drawn in their proportions (1:1, 3:4, 4:3, 9:16, 16:9). */
export function SizeField(props: PickFieldProps) {
  return (
    <ChoiceCards
      {...props}
      compact
      picture={(o) => {
        const box = ratioBox(o.value, 30);
        return <span className={styles.ratioBox} style={{ width: box.width, height: box.height }} />;
      }}
    />
  );
}
