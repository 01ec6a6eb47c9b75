import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button, Segmented, Slider, Spin } from 'antd';
import { ClearOutlined, DeleteOutlined, HighlightOutlined, UndoOutlined } from '@ant-design/icons';
import type { ToolField } from '@wanxiang/contract';
import { uploadFile } from '../../api/files';
import { RequestError } from '../../api/request';
import { useProtectedUrl } from '../useProtectedUrl';
import { exportMask } from './mask-png';
import type { MaskPoint, MaskStroke } from './mask-strokes';
import { FIELD_MSG } from './messages';
import styles from './fields.module.css';

/** Exports the current mask and uploads it when it changed; resolves with the stored file's id ('' for no mask). */
export type MaskFlush = () => Promise<string>;

export interface MaskFieldProps {
  field: ToolField;
  /** The file id of the picture in the image field named by `of` ('' when none yet). */
  imageId: string;
  imageLabel: string;
  /** The uploaded mask's file id, '' while the painting has not been uploaded. */
  value: string;
  onChange: (fileId: string) => void;
  /** The page calls the flush on submit, so a mask goes up once, as painted at that moment. */
  registerFlush?: (name: string, flush: MaskFlush | null) => void;
}

/** The overlay's colour on screen (the upload is black and white; this only shows where). */
const PAINT = '#ff2d78';
const BRUSH_MIN = 6;
const BRUSH_MAX = 96;
const BRUSH_DEFAULT = 32;

/** Draws strokes (natural pixels) onto the overlay canvas, whose pixels are `scale` per natural pixel. */
function drawStrokes(ctx: CanvasRenderingContext2D, strokes: readonly MaskStroke[], scale: number, from = 0): void {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.fillStyle = PAINT;
  ctx.strokeStyle = PAINT;
  for (const s of strokes) {
    ctx.globalCompositeOperation = s.mode === 'erase' ? 'destination-out' : 'source-over';
    const pts = s.points.slice(Math.max(0, from - 1));
    if (pts.length === 1 || from === 0) {
      ctx.beginPath();
      ctx.arc(pts[0]!.x * scale, pts[0]!.y * scale, s.radius * scale, 0, Math.PI * 2);
      ctx.fill();
    }
    if (pts.length > 1) {
      ctx.lineWidth = s.radius * 2 * scale;
      ctx.beginPath();
      ctx.moveTo(pts[0]!.x * scale, pts[0]!.y * scale);
      for (const p of pts.slice(1)) ctx.lineTo(p.x * scale, p.y * scale);
      ctx.stroke();
    }
  }
  ctx.globalCompositeOperation = 'source-over';
}

/**
 * `mask`: a painter over the picture chosen in the image field named by `of`. Brush and eraser
 * with a size slider, undo and clear; mouse, pen and touch alike (pointer events; the page does
 * not scroll while a finger paints). Strokes are kept in the picture's natural pixels, and on
 * submit the mask goes up through the upload path of file fields as a black-and-white PNG of the
 * picture's natural size (white = repaint); the field's value is that file's id.
 */
export function MaskField({ field, imageId, imageLabel, value, onChange, registerFlush }: MaskFieldProps) {
  const picture = useProtectedUrl(imageId ? `/v1/files/${imageId}` : undefined);
  const img = useRef<HTMLImageElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [strokes, setStrokes] = useState<MaskStroke[]>([]);
  const [mode, setMode] = useState<MaskStroke['mode']>('paint');
  const [brush, setBrush] = useState(BRUSH_DEFAULT);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState('');
  // The flush reads these after renders it did not see.
  const live = useRef({ strokes, natural, onChange, value });
  live.current = { strokes, natural, onChange, value };
  const drawing = useRef<{ pointer: number; stroke: MaskStroke } | null>(null);
  const uploaded = useRef<{ strokes: MaskStroke[]; id: string } | null>(null);

  // A new picture (or none): the mask painted over the old one means nothing any more.
  useEffect(() => {
    setStrokes([]);
    setNatural(null);
    uploaded.current = null;
    if (live.current.value) live.current.onChange('');
  }, [imageId]);

  const redraw = useCallback(() => {
    const c = canvas.current;
    const n = live.current.natural;
    const ctx = c?.getContext('2d');
    if (!c || !ctx || !n) return;
    ctx.clearRect(0, 0, c.width, c.height);
    drawStrokes(ctx, drawing.current ? [...live.current.strokes, drawing.current.stroke] : live.current.strokes, c.width / n.w);
  }, []);

  // The overlay follows the picture's shown size (window or panel resized, phone turned), sharp on dense screens.
  useLayoutEffect(() => {
    const el = img.current;
    const c = canvas.current;
    if (!el || !c || !natural) return;
    const fit = () => {
      const dpr = window.devicePixelRatio || 1;
      const rect = el.getBoundingClientRect();
      c.width = Math.max(1, Math.round(rect.width * dpr));
      c.height = Math.max(1, Math.round(rect.height * dpr));
      redraw();
    };
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, [natural, redraw]);

  useEffect(redraw, [strokes, redraw]);

  const changed = (next: MaskStroke[]) => {
    setStrokes(next);
    setUploadError('');
    // The uploaded mask no longer matches what is painted: the value goes until the next flush
    // (and the form drops its "paint first" error, as it does for any field the user changes).
    onChange('');
  };

  const flush = useCallback<MaskFlush>(async () => {
    const { strokes: s, natural: n } = live.current;
    if (!n || s.length === 0) return '';
    if (uploaded.current?.strokes === s) return uploaded.current.id;
    setUploading(true);
    setUploadError('');
    try {
      const file = await exportMask(s, n.w, n.h);
      if (!file) return '';
      const stored = await uploadFile(file, () => undefined).done;
      uploaded.current = { strokes: s, id: stored.id };
      live.current.onChange(stored.id);
      return stored.id;
    } catch (err) {
      const msg = err instanceof RequestError && err.msg ? err.msg : FIELD_MSG.maskUploadFailed;
      setUploadError(msg);
      throw new RequestError(err instanceof RequestError ? err.code : 0, msg);
    } finally {
      setUploading(false);
    }
  }, []);

  useEffect(() => {
    registerFlush?.(field.name, flush);
    return () => registerFlush?.(field.name, null);
  }, [registerFlush, field.name, flush]);

  /** The pointer's place in natural pixels. */
  const at = (e: { clientX: number; clientY: number }): MaskPoint | null => {
    const n = live.current.natural;
    const c = canvas.current;
    if (!n || !c) return null;
    const r = c.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return null;
    return { x: ((e.clientX - r.left) * n.w) / r.width, y: ((e.clientY - r.top) * n.h) / r.height };
  };

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const p = at(e);
    const c = canvas.current;
    if (!p || !c || !natural) return;
    e.preventDefault();
    c.setPointerCapture?.(e.pointerId);
    // The slider is in screen pixels: the brush looks the same size whatever the picture's resolution.
    const radius = ((brush / 2) * natural.w) / c.getBoundingClientRect().width;
    drawing.current = { pointer: e.pointerId, stroke: { mode, radius, points: [p] } };
    const ctx = c.getContext('2d');
    if (ctx) drawStrokes(ctx, [drawing.current.stroke], c.width / natural.w);
  };

  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drawing.current;
    const c = canvas.current;
    if (!d || d.pointer !== e.pointerId || !c || !natural) return;
    const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
    const from = d.stroke.points.length;
    for (const ev of events.length ? events : [e.nativeEvent]) {
      const p = at(ev);
      if (p) d.stroke.points.push(p);
    }
    const ctx = c.getContext('2d');
    if (ctx) drawStrokes(ctx, [d.stroke], c.width / natural.w, from);
  };

  const up = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drawing.current;
    if (!d || d.pointer !== e.pointerId) return;
    drawing.current = null;
    changed([...strokes, d.stroke]);
  };

  const undo = () => strokes.length > 0 && changed(strokes.slice(0, -1));
  const clear = () => strokes.length > 0 && changed([]);
  const onKey = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      undo();
    }
  };

  if (!imageId) return <div className={styles.maskHint} data-testid={`mask-field-${field.name}`}>{FIELD_MSG.maskNeedsImage(imageLabel)}</div>;

  const painted = strokes.filter((s) => s.mode === 'paint').length;
  return (
    <div className={styles.mask} data-testid={`mask-field-${field.name}`} data-strokes={strokes.length} onKeyDown={onKey}>
      <div className={styles.maskStage}>
        {picture.src ? (
          <>
            <img
              ref={img}
              src={picture.src}
              alt={imageLabel}
              className={styles.maskPicture}
              draggable={false}
              onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
            />
            <canvas
              ref={canvas}
              id={`tool-field-${field.name}`}
              className={styles.maskCanvas}
              role="img"
              aria-label={FIELD_MSG.maskCanvas}
              data-mode={mode}
              onPointerDown={down}
              onPointerMove={move}
              onPointerUp={up}
              onPointerCancel={up}
              onContextMenu={(e) => e.preventDefault()}
            />
          </>
        ) : picture.failed ? (
          <div className={styles.maskHint}>{FIELD_MSG.maskLoadFailed}</div>
        ) : (
          <div className={styles.maskHint}>
            <Spin size="small" /> {FIELD_MSG.maskLoading}
          </div>
        )}
      </div>
      <div className={styles.maskTools} role="toolbar" aria-label={FIELD_MSG.maskTools}>
        <div className={styles.maskRow}>
          <Segmented<MaskStroke['mode']>
            size="small"
            value={mode}
            onChange={setMode}
            options={[
              { value: 'paint', label: FIELD_MSG.maskBrush, icon: <HighlightOutlined /> },
              { value: 'erase', label: FIELD_MSG.maskEraser, icon: <ClearOutlined /> },
            ]}
            data-testid="mask-mode"
          />
          <span className={styles.maskSpacer} />
          <Button size="small" icon={<UndoOutlined />} onClick={undo} disabled={strokes.length === 0} data-testid="mask-undo">
            {FIELD_MSG.maskUndo}
          </Button>
          <Button size="small" icon={<DeleteOutlined />} onClick={clear} disabled={strokes.length === 0} data-testid="mask-clear">
            {FIELD_MSG.maskClear}
          </Button>
        </div>
        <div className={styles.maskRow}>
          <span className={styles.maskSizeLabel}>{FIELD_MSG.maskSize}</span>
          <Slider
            className={styles.maskSlider}
            min={BRUSH_MIN}
            max={BRUSH_MAX}
            value={brush}
            onChange={setBrush}
            ariaLabelForHandle={FIELD_MSG.maskSize}
            tooltip={{ formatter: (v) => `${v}px` }}
          />
          {/* The brush as it will paint (up to the row's height). */}
          <span className={styles.maskDotBox} aria-hidden>
            <span className={styles.maskDot} data-mode={mode} style={{ width: Math.min(brush, 28), height: Math.min(brush, 28) }} />
          </span>
        </div>
      </div>
      <div className={uploadError ? styles.maskError : styles.maskStatus} aria-live="polite">
        {uploadError || (uploading ? FIELD_MSG.maskUploading : FIELD_MSG.maskStrokes(painted))}
      </div>
    </div>
  );
}
