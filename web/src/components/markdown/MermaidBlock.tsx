import { memo, useEffect, useId, useState } from 'react';
import { COMFORT_MSG as T } from '@wanxiang/contract';
import { useScheme } from '../../hooks/useResolvedTheme';

/** Mermaid is large: fetched the first time a diagram is drawn, never with the app. */
const loadMermaid = () => import('mermaid').then((m) => m.default);

export interface MermaidBlockProps {
  /** The text inside the ```mermaid fence. */
  source: string;
  /** The closing fence has arrived: only then is the diagram drawn. */
  complete: boolean;
}

type Drawn = { state: 'loading' } | { state: 'ready'; svg: string } | { state: 'invalid' };

/**
 * A ```mermaid block of a reply (issue 17, comfort), drawn like the ```echarts blocks: its code while it
 * streams, then the diagram as SVG. securityLevel 'strict': labels are text (no HTML, no click handlers),
 * and the SVG is sanitized by Mermaid before it is shown. A syntax error shows the code with a note.
 * The diagram follows the page's light or dark scheme.
 */
export const MermaidBlock = memo(function MermaidBlock({ source, complete }: MermaidBlockProps) {
  const scheme = useScheme();
  const id = `wx-mermaid-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [drawn, setDrawn] = useState<Drawn>({ state: 'loading' });

  useEffect(() => {
    if (!complete) return;
    let cancelled = false;
    setDrawn({ state: 'loading' });
    loadMermaid()
      .then(async (mermaid) => {
        mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: scheme === 'dark' ? 'dark' : 'default' });
        // parse first: a syntax error throws here, before Mermaid draws its own error picture.
        await mermaid.parse(source);
        const { svg } = await mermaid.render(id, source);
        if (!cancelled) setDrawn({ state: 'ready', svg });
      })
      .catch(() => {
        // Mermaid may leave its scratch element behind after a failed render.
        document.getElementById(`d${id}`)?.remove();
        if (!cancelled) setDrawn({ state: 'invalid' });
      });
    return () => {
      cancelled = true;
    };
  }, [complete, source, scheme, id]);

  if (!complete || drawn.state !== 'ready') {
    const state = !complete ? 'pending' : drawn.state;
    const note = state === 'pending' ? T.mermaidPending : state === 'loading' ? T.mermaidLoading : T.mermaidInvalid;
    return (
      <div className="wx-chart wx-chart-code wx-mermaid" data-mermaid-state={state}>
        <div className="wx-chart-note">{note}</div>
        <pre>
          <code className="language-mermaid">{source}</code>
        </pre>
      </div>
    );
  }
  // The SVG comes from Mermaid's strict mode, which runs it through DOMPurify.
  return <div className="wx-chart wx-mermaid" data-mermaid-state="ready" data-testid="mermaid-diagram" dangerouslySetInnerHTML={{ __html: drawn.svg }} />;
});
