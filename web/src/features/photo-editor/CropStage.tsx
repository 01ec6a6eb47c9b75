import { useEffect, useRef, useState, type RefObject } from 'react';
import { Alert, Spin } from 'antd';
import type { CropperImage, CropperSelection } from 'cropperjs';
import { scaledCopy, sizeOf, toBlob } from './canvas-ops';
import { centeredRatioRect, imageBoxOnCanvas, insideBox, selectionToSource, type Rect, type Size } from './geometry';
import { T } from './texts';
import styles from './photo-editor.module.css';

/**
 * The crop selection, drawn by Cropper.js v2 (MIT, maintained, no framework peer dependencies: its
 * web components work under React 19 as they are). Chosen over react-filerobot-image-editor, whose
 * UI kit (@scaleflex/ui) pins React ≤ 18 and styled-components 5, and tui-image-editor, unmaintained
 * and built on fabric 4; rotate, colour and text are small enough to be our own canvas code.
 * The library is imported only when this stage opens, so no other page (nor this one before a crop)
 * loads it.
 */

/** The cropper shows a copy this long at most; the crop itself is cut from the full picture. */
const CROP_PREVIEW_MAX_SIDE = 1600;
/** The first selection covers this share of the picture. */
const INITIAL_COVERAGE = 0.9;
const RESIZE_ACTIONS = ['n', 'e', 's', 'w', 'ne', 'nw', 'se', 'sw'];

export interface CropApi {
  /** The selected region in the full picture's pixels, or null when nothing usable is selected. */
  sourceRect: () => Rect | null;
  /** Back to the first selection of the current ratio. */
  reset: () => void;
}

interface CropStageProps {
  picture: HTMLCanvasElement;
  /** width / height, null = free. */
  ratio: number | null;
  api: RefObject<CropApi | null>;
}

interface Mounted {
  image: CropperImage;
  selection: CropperSelection;
  shown: Size;
}

export function CropStage({ picture, ratio, api }: CropStageProps) {
  const host = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState<Mounted | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let disposed = false;
    let url: string | null = null;
    setMounted(null);
    setFailed(false);
    (async () => {
      // Defines the cropper-* custom elements.
      await import('cropperjs');
      const shown = scaledCopy(picture, CROP_PREVIEW_MAX_SIDE);
      url = URL.createObjectURL(await toBlob(shown, 'png'));
      if (disposed) return;
      const canvas = make('cropper-canvas', { background: '' });
      // Not translatable, scalable or rotatable: the picture stays put and only the selection moves.
      const image = make('cropper-image', { src: url, alt: T.tabs.crop, 'initial-fit': 'contain' }) as CropperImage;
      const selection = make('cropper-selection', { movable: '', resizable: '', outlined: '' }) as CropperSelection;
      selection.append(
        make('cropper-grid', { role: 'grid', bordered: '', covered: '' }),
        // A clear move handle: the selection shows the true colours, the shade darkens the rest.
        make('cropper-handle', { action: 'move', 'theme-color': 'transparent' }),
        ...RESIZE_ACTIONS.map((a) => make('cropper-handle', { action: `${a}-resize` })),
      );
      canvas.append(image, make('cropper-shade', { hidden: '' }), selection);
      el.replaceChildren(canvas);
      await image.$ready();
      // cropper-image centres the picture right after it loads: read its place a frame later.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      if (disposed) return;
      // The selection never leaves the picture: a change that would is refused.
      selection.addEventListener('change', (e) => {
        const box = imageBoxOnCanvas(image.$getTransform(), sizeOf(shown));
        if (!insideBox((e as CustomEvent<Rect>).detail, box, 1)) e.preventDefault();
      });
      setMounted({ image, selection, shown: sizeOf(shown) });
    })().catch(() => {
      if (!disposed) setFailed(true);
    });
    return () => {
      disposed = true;
      el.replaceChildren();
      if (url) URL.revokeObjectURL(url);
    };
  }, [picture]);

  // A new ratio (or a new picture): the largest selection of that ratio, centred.
  useEffect(() => {
    if (!mounted) return;
    const { image, selection, shown } = mounted;
    const place = () => {
      const box = imageBoxOnCanvas(image.$getTransform(), shown);
      const r = centeredRatioRect(box, ratio, INITIAL_COVERAGE);
      selection.aspectRatio = ratio ?? NaN;
      selection.$change(r.x, r.y, r.width, r.height, ratio ?? NaN, true);
    };
    place();
    api.current = {
      sourceRect: () => selectionToSource(selection, imageBoxOnCanvas(image.$getTransform(), shown), sizeOf(picture)),
      reset: place,
    };
    return () => {
      api.current = null;
    };
  }, [mounted, ratio, api, picture]);

  return (
    <div className={styles.cropStage} data-testid="photo-crop-stage">
      {/* Hidden until the picture is centred and the selection placed, so nothing jumps. */}
      <div ref={host} className={styles.cropHost} style={{ visibility: mounted ? 'visible' : 'hidden' }} />
      {!mounted && !failed && (
        <div className={styles.cropLoading}>
          <Spin />
          <span>{T.cropLoading}</span>
        </div>
      )}
      {failed && (
        <div className={styles.cropLoading}>
          <Alert type="error" showIcon message={T.cropLoadFailed} />
        </div>
      )}
    </div>
  );
}

function make(tag: string, attrs: Record<string, string>): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}
