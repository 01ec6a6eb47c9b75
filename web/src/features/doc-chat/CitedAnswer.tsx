import { Fragment } from 'react';
import type { DocPassage } from '@wanxiang/contract';
import styles from './doc-chat.module.css';

/**
 * An answer's text with its citations [1][2] as buttons: clicking one shows the passage it names
 * (onCite). Citations of a number the passages do not have stay plain text.
 */
export function CitedAnswer({ text, passages, onCite }: { text: string; passages: DocPassage[]; onCite: (p: DocPassage) => void }) {
  const byN = new Map(passages.map((p) => [p.n, p]));
  const parts = text.split(/(\[\d+\])/);
  return (
    <div className={styles.answerText} data-testid="doc-answer">
      {parts.map((part, i) => {
        const n = /^\[(\d+)\]$/.exec(part)?.[1];
        const passage = n ? byN.get(Number(n)) : undefined;
        if (!passage) return <Fragment key={i}>{part}</Fragment>;
        return (
          <button
            key={i}
            type="button"
            className={styles.cite}
            onClick={() => onCite(passage)}
            data-testid="doc-cite"
            aria-label={`引用 ${passage.n}`}
          >
            {passage.n}
          </button>
        );
      })}
    </div>
  );
}
