import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { adjusted, scaledCopy } from './canvas-ops';
import { isNeutral, type Adjustments } from './adjust';
import { clamp, type Size } from './geometry';
import { fontPx, fontShorthand, textLines, TEXT_LINE_HEIGHT, type TextDraft } from './text-draft';
import { T } from './texts';
import styles from './photo-editor.module.css';

/** The preview works on a copy this long (smaller pictures blown up): the sliders redraw it live, even on a phone. */
const PREVIEW_SIDE = 1600;

interface PreviewStageProps {
  picture: HTMLCanvasElement;
  /** Colour adjustments shown live (not applied yet); null = none. */
  adjust: Adjustments | null;
  /** Text shown over the picture, draggable (not applied yet); null = none. */
  text: TextDraft | null;
  onTextMove: (x: number, y: number) => void;
}

/** The picture as it will be saved: the committed picture plus the adjustments and text not applied yet. */
export function PreviewStage({ picture, adjust, text, onTextMove }: PreviewStageProps) {
  const base = useMemo(() => scaledCopy(picture, PREVIEW_SIDE, true), [picture]);
  const shown = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [shownSize, setShownSize] = useState<Size>({ width: 0, height: 0 });

  // Redraw at most once a frame while a slider moves.
  useEffect(() => {
    const id = requestAnimationFrame(() => {
      const c = shown.current;
      if (!c) return;
      c.width = base.width;
      c.height = base.height;
      if (adjust && !isNeutral(adjust)) adjusted(base, adjust, c);
      else c.getContext('2d')?.drawImage(base, 0, 0);
    });
    return () => cancelAnimationFrame(id);
  }, [base, adjust]);

  // The text's size follows the picture's size on screen, as it will in the saved picture.
  useEffect(() => {
    const c = shown.current;
    if (!c || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setShownSize({ width: c.clientWidth, height: c.clientHeight }));
    ro.observe(c);
    return () => ro.disconnect();
  }, []);

  const lines = text ? textLines(text.text) : [];
  return (
    <div className={styles.previewFrame} ref={frame}>
      <canvas ref={shown} className={styles.previewCanvas} data-testid="photo-preview" aria-label={T.title} />
      {text && lines.length > 0 && shownSize.width > 0 && <TextOverlay draft={text} lines={lines} shownSize={shownSize} frame={frame} onMove={onTextMove} />}
    </div>
  );
}

interface TextOverlayProps {
  draft: TextDraft;
  lines: string[];
  shownSize: Size;
  frame: RefObject<HTMLDivElement | null>;
  onMove: (x: number, y: number) => void;
}

/** The text not applied yet, over the preview: dragged with a mouse or a finger. */
function TextOverlay({ draft, lines, shownSize, frame, onMove }: TextOverlayProps) {
  const grab = useRef<{ dx: number; dy: number } | null>(null);
  const px = fontPx(draft, shownSize);

  const toShare = (e: ReactPointerEvent) => {
    const rect = frame.current?.getBoundingClientRect();
    if (!rect || !grab.current) return null;
    return { x: clamp((e.clientX - rect.left - grab.current.dx) / rect.width, 0, 1), y: clamp((e.clientY - rect.top - grab.current.dy) / rect.height, 0, 1) };
  };

  return (
    <div
      className={styles.textOverlay}
      data-testid="photo-text-overlay"
      role="button"
      tabIndex={0}
      aria-label={T.textOverlay}
      title={T.textOverlay}
      style={{ left: `${draft.x * 100}%`, top: `${draft.y * 100}%`, font: fontShorthand(draft, px), lineHeight: TEXT_LINE_HEIGHT, color: draft.color }}
      onPointerDown={(e) => {
        const rect = frame.current?.getBoundingClientRect();
        if (!rect) return;
        // Keep the point grabbed under the pointer instead of jumping the centre to it.
        grab.current = { dx: e.clientX - rect.left - draft.x * rect.width, dy: e.clientY - rect.top - draft.y * rect.height };
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        const at = toShare(e);
        if (at) onMove(at.x, at.y);
      }}
      onPointerUp={() => {
        grab.current = null;
      }}
      onKeyDown={(e) => {
        // Arrow keys nudge the text by 1% for keyboard users.
        const step = { ArrowLeft: [-0.01, 0], ArrowRight: [0.01, 0], ArrowUp: [0, -0.01], ArrowDown: [0, 0.01] }[e.key];
        if (!step) return;
        e.preventDefault();
        onMove(clamp(draft.x + (step[0] as number), 0, 1), clamp(draft.y + (step[1] as number), 0, 1));
      }}
    >
      {lines.map((line, i) => (
        <div key={i}>{line || '\u00a0'}</div>
      ))}
    </div>
  );
}
