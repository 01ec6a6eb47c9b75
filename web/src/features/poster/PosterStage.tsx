import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { layerAt, moveLayer, type PosterSize, type TextLayer } from './layers';
import { canvasMeasure, drawPoster } from './poster-canvas';
import styles from './poster.module.css';

export interface PosterStageProps {
  background: HTMLImageElement;
  layers: readonly TextLayer[];
  size: PosterSize;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** A layer moved by dragging (the whole layer as it is now). */
  onMove: (layer: TextLayer) => void;
}

/**
 * The poster's preview: the same drawing as the export, scaled to the stage's width (sharp on
 * high-density screens). Pressing on a text selects it; dragging moves it, in poster pixels.
 */
export function PosterStage({ background, layers, size, selectedId, onSelect, onMove }: PosterStageProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [cssWidth, setCssWidth] = useState(0);
  const drag = useRef<{ id: string; start: { x: number; y: number }; origin: TextLayer } | null>(null);

  // The shown width follows the stage's box (window and pane resizes).
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const seen = new ResizeObserver(() => setCssWidth(c.clientWidth));
    seen.observe(c);
    setCssWidth(c.clientWidth);
    return () => seen.disconnect();
  }, []);

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx || !cssWidth) return;
    const ratio = window.devicePixelRatio || 1;
    c.width = Math.round(cssWidth * ratio);
    c.height = Math.round((cssWidth * ratio * size.height) / size.width);
    drawPoster(ctx, { background, layers, size, scale: c.width / size.width, selectedId });
  }, [background, layers, size, selectedId, cssWidth]);

  /** A pointer's place in poster pixels. */
  const at = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) / r.width) * size.width, y: ((e.clientY - r.top) / r.height) * size.height };
  };

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    const point = at(e);
    const hit = layerAt(layers, point, size, canvasMeasure(ctx));
    onSelect(hit?.id ?? null);
    if (!hit) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: hit.id, start: point, origin: hit };
  };

  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d) return;
    const p = at(e);
    onMove(moveLayer(d.origin, p.x - d.start.x, p.y - d.start.y, size));
  };

  const up = (e: PointerEvent<HTMLCanvasElement>) => {
    if (drag.current && e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    drag.current = null;
  };

  return (
    <canvas
      ref={canvas}
      className={styles.canvas}
      // The whole poster fits the window's height: a tall format is narrower than the pane.
      style={{
        aspectRatio: `${size.width} / ${size.height}`,
        width: `min(100%, calc((100vh - 190px) * ${(size.width / size.height).toFixed(4)}))`,
      }}
      data-testid="poster-canvas"
      data-width={size.width}
      data-height={size.height}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
    />
  );
}
