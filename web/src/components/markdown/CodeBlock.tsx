import { useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { COMFORT_MSG as T } from '@wanxiang/contract';

/** How long 已复制 stays on the button. */
const COPIED_MS = 1600;

/**
 * A fenced code block of a reply with a copy button in its corner (issue 17, comfort): the code's own text,
 * not the highlighted markup, goes to the clipboard; the button says 已复制 for a moment after.
 */
export function CodeBlock({ code, children, ...rest }: HTMLAttributes<HTMLPreElement> & { code: string; children: ReactNode }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = () => {
    const done = (next: 'copied' | 'failed') => {
      setState(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setState('idle'), COPIED_MS);
    };
    if (!navigator.clipboard?.writeText) return done('failed');
    navigator.clipboard.writeText(code).then(
      () => done('copied'),
      () => done('failed'),
    );
  };

  return (
    <div className="wx-code">
      <button type="button" className="wx-code-copy" data-testid="code-copy" data-state={state} aria-label={T.codeCopyLabel} onClick={copy}>
        {state === 'copied' ? T.codeCopied : state === 'failed' ? T.codeCopyFailed : T.codeCopy}
      </button>
      <pre {...rest}>{children}</pre>
    </div>
  );
}
