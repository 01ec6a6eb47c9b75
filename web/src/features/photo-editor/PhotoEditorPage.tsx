import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { App, Button, Segmented, Select, Typography } from 'antd';
import { CloudUploadOutlined, DownloadOutlined, PictureOutlined, RedoOutlined, RotateLeftOutlined, RotateRightOutlined, SwapOutlined, UndoOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { uploadFile } from '../../api/files';
import { RequestError } from '../../api/request';
import { saveBlob } from '../../api/save-file';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useUserStore } from '../../stores/user';
import { isNeutral, NEUTRAL, type Adjustments } from './adjust';
import { adjusted, crop, flip, rotateQuarter, toBlob, withText, type ExportFormat } from './canvas-ops';
import { CropStage, type CropApi } from './CropStage';
import { AdjustPanel } from './AdjustPanel';
import { CROP_RATIOS, ratioValue } from './geometry';
import { pushHistory, redoHistory, startHistory, undoHistory, type History, type HistoryLimits } from './history';
import { baseName, decodeToCanvas, loadStoredFile, pickProblem, PICK_ACCEPT, SourceError } from './load-source';
import { PreviewStage } from './PreviewStage';
import { DEFAULT_TEXT, textLines, type TextDraft } from './text-draft';
import { TextPanel } from './TextPanel';
import { T } from './texts';
import styles from './photo-editor.module.css';

type Tab = 'crop' | 'rotate' | 'adjust' | 'text';

/** About 20 steps of a phone photo; at most 320 MB of pixels kept for undo. */
const HISTORY_LIMITS: HistoryLimits<HTMLCanvasElement> = { maxSteps: 20, maxWeight: 80_000_000, weight: (c) => c.width * c.height };

interface Doc {
  name: string;
  history: History<HTMLCanvasElement>;
}

/**
 * /draw/onlineHandlerImage (在线修图): crop, rotate and flip, colour and filters, text, undo/redo,
 * download as PNG or JPEG; everything happens in the browser. A picture comes from a local file or,
 * signed in, from one of the user's stored files (?file=<id>); 保存到我的文件 uploads the result
 * and points the address at it, so a reload opens it again.
 */
export default function PhotoEditorPage() {
  const { message } = App.useApp();
  const token = useUserStore((s) => s.token);
  // On a phone the bar's secondary buttons keep their icons only, so it fits 390 px in one row.
  const compact = useIsMobile();
  const [params, setParams] = useSearchParams();
  const fileId = params.get('file');
  const input = useRef<HTMLInputElement>(null);
  const cropApi = useRef<CropApi | null>(null);
  /** The stored file last opened or saved here: the address pointing at it loads nothing again. */
  const shownFileId = useRef<string | null>(null);

  const [doc, setDoc] = useState<Doc | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('crop');
  const [ratioId, setRatioId] = useState('free');
  const [adjust, setAdjust] = useState<Adjustments>(NEUTRAL);
  const [draft, setDraft] = useState<TextDraft>(DEFAULT_TEXT);
  const [format, setFormat] = useState<ExportFormat>('png');
  const [busy, setBusy] = useState(false);

  const present = doc?.history.present ?? null;
  const pendingAdjust = tab === 'adjust' && !isNeutral(adjust);
  const pendingText = tab === 'text' && textLines(draft.text).length > 0;

  const open = useCallback(async (blob: Blob, name: string) => {
    setLoading(true);
    setError(null);
    try {
      const canvas = await decodeToCanvas(blob);
      setDoc({ name: baseName(name), history: startHistory(canvas) });
      setAdjust(NEUTRAL);
      setDraft(DEFAULT_TEXT);
    } catch (err) {
      setError(err instanceof SourceError ? err.message : T.undecodable);
    } finally {
      setLoading(false);
    }
  }, []);

  // ?file=<id>: one of the user's stored files, through the owner-only files route.
  useEffect(() => {
    if (!fileId || fileId === shownFileId.current) return;
    if (!token) {
      setError(T.fileNeedsLogin);
      return;
    }
    const ctrl = new AbortController();
    setLoading(true);
    loadStoredFile(fileId, ctrl.signal)
      .then(({ blob, name }) => {
        shownFileId.current = fileId;
        return open(blob, name);
      })
      .catch((err: unknown) => {
        if (ctrl.signal.aborted) return;
        setError(err instanceof SourceError ? err.message : T.fileLoadFailed);
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [fileId, token, open]);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = pickProblem(file);
    if (problem) return void message.error(problem);
    // A local picture replaces a stored one: the address no longer names it.
    if (fileId) setParams({}, { replace: true });
    shownFileId.current = null;
    void open(file, file.name);
  };

  const commit = (next: HTMLCanvasElement) => setDoc((d) => d && { ...d, history: pushHistory(d.history, next, HISTORY_LIMITS) });

  /** Applies the adjustments or text still only previewed; returns the picture as it is then. */
  const flushPending = (): HTMLCanvasElement | null => {
    if (!present) return null;
    let next = present;
    if (pendingAdjust) next = adjusted(next, adjust);
    if (pendingText) next = withText(next, draft);
    if (next !== present) {
      commit(next);
      if (pendingAdjust) setAdjust(NEUTRAL);
      if (pendingText) setDraft((d) => ({ ...d, text: '' }));
    }
    return next;
  };

  const switchTab = (next: Tab) => {
    // What is previewed is what is kept: leaving a tab applies its preview (undo takes it back).
    flushPending();
    setTab(next);
  };

  const undo = () => {
    // Adjustments or text not applied yet are the latest change: they go first.
    if (pendingAdjust) return setAdjust(NEUTRAL);
    if (pendingText) return setDraft((d) => ({ ...d, text: '' }));
    setDoc((d) => d && { ...d, history: undoHistory(d.history) });
  };
  const redo = () => setDoc((d) => d && { ...d, history: redoHistory(d.history) });
  const canUndo = Boolean(doc && (doc.history.past.length > 0 || pendingAdjust || pendingText));
  const canRedo = Boolean(doc && doc.history.future.length > 0);

  // Ctrl/⌘+Z, Ctrl/⌘+Shift+Z and Ctrl+Y, except while typing (the text box keeps its own undo).
  const keys = useRef({ undo, redo });
  keys.current = { undo, redo };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (!(e.ctrlKey || e.metaKey) || target?.closest('input, textarea, [contenteditable="true"]')) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) keys.current.undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') keys.current.redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const applyCrop = () => {
    const rect = cropApi.current?.sourceRect();
    if (!present || !rect) return;
    commit(crop(present, rect));
  };

  const exportBlob = async (): Promise<Blob | null> => {
    const picture = flushPending();
    if (!picture) return null;
    try {
      return await toBlob(picture, format);
    } catch {
      message.error(T.exportFailed);
      return null;
    }
  };
  const fileName = () => `${doc?.name ?? '图片'}-修图.${format === 'png' ? 'png' : 'jpg'}`;

  const download = async () => {
    setBusy(true);
    const blob = await exportBlob();
    setBusy(false);
    if (blob) saveBlob(blob, fileName());
  };

  const saveToFiles = async () => {
    if (!token) return void message.warning(T.saveNeedsLogin);
    setBusy(true);
    try {
      const blob = await exportBlob();
      if (!blob) return;
      const stored = await uploadFile(new File([blob], fileName(), { type: blob.type }), () => undefined).done;
      shownFileId.current = stored.id;
      setParams({ file: stored.id }, { replace: true });
      message.success(T.savedToFiles);
    } catch (err) {
      message.error(err instanceof RequestError && err.msg ? err.msg : T.fileLoadFailed);
    } finally {
      setBusy(false);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    pick(e.dataTransfer.files?.[0]);
  };

  const ratioOption = CROP_RATIOS.find((r) => r.id === ratioId) ?? CROP_RATIOS[0]!;
  const ratio = present ? ratioValue(ratioOption.value, present) : null;

  return (
    <div className={styles.page} data-testid="photo-editor" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      <input
        ref={input}
        type="file"
        accept={PICK_ACCEPT}
        hidden
        data-testid="photo-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          pick(file);
        }}
      />
      <header className={styles.header}>
        <div className={styles.headText}>
          <Typography.Title level={1} className={styles.title}>
            {T.title}
          </Typography.Title>
          <Typography.Text type="secondary" className={styles.subtitle}>
            {T.subtitle}
          </Typography.Text>
        </div>
        {doc && (
          <div className={styles.actions}>
            <Button icon={<PictureOutlined />} onClick={() => input.current?.click()} aria-label={T.replace}>
              {compact ? null : T.replace}
            </Button>
            <Button icon={<UndoOutlined />} disabled={!canUndo} onClick={undo} aria-label={T.undo} data-testid="photo-undo">
              {compact ? null : T.undo}
            </Button>
            <Button icon={<RedoOutlined />} disabled={!canRedo} onClick={redo} aria-label={T.redo} data-testid="photo-redo">
              {compact ? null : T.redo}
            </Button>
            <Select
              value={format}
              onChange={setFormat}
              aria-label={T.format}
              data-testid="photo-format"
              options={[
                { value: 'png', label: 'PNG' },
                { value: 'jpeg', label: 'JPEG' },
              ]}
            />
            <Button type="primary" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} data-testid="photo-download">
              {T.download}
            </Button>
            <Button icon={<CloudUploadOutlined />} disabled={busy} onClick={() => void saveToFiles()} aria-label={T.saveToFiles} data-testid="photo-save">
              {compact ? null : T.saveToFiles}
            </Button>
          </div>
        )}
      </header>

      {!doc ? (
        <button type="button" className={styles.dropzone} onClick={() => input.current?.click()} disabled={loading} data-testid="photo-dropzone">
          <PictureOutlined className={styles.dropIcon} />
          <span className={styles.dropTitle}>{loading ? T.loading : T.dropHint}</span>
          <span className={styles.dropSub}>{T.dropSub}</span>
          <span className={styles.dropButton}>{T.open}</span>
          {error && (
            <span className={styles.error} role="alert" data-testid="photo-error">
              {error}
            </span>
          )}
        </button>
      ) : (
        <div className={styles.body}>
          {error && (
            <div className={styles.bodyError} role="alert" data-testid="photo-error">
              {error}
            </div>
          )}
          <section className={styles.stage}>
            {tab === 'crop' ? (
              <CropStage picture={doc.history.present} ratio={ratio} api={cropApi} />
            ) : (
              <PreviewStage
                picture={doc.history.present}
                adjust={tab === 'adjust' ? adjust : null}
                text={tab === 'text' ? draft : null}
                onTextMove={(x, y) => setDraft((d) => ({ ...d, x, y }))}
              />
            )}
            <div className={styles.meta} data-testid="photo-size">
              {T.sizeOf(doc.history.present.width, doc.history.present.height)}
            </div>
          </section>
          <aside className={styles.side}>
            <Segmented<Tab>
              block
              value={tab}
              onChange={switchTab}
              data-testid="photo-tabs"
              options={(['crop', 'rotate', 'adjust', 'text'] as const).map((t) => ({ value: t, label: T.tabs[t] }))}
            />
            {tab === 'crop' && (
              <div className={styles.panel} data-testid="photo-crop-panel">
                <div className={styles.panelLabel}>{T.cropRatio}</div>
                <div className={styles.chips} role="radiogroup" aria-label={T.cropRatio}>
                  {CROP_RATIOS.map((r) => (
                    <button key={r.id} type="button" role="radio" aria-checked={r.id === ratioId} className={`${styles.chip} ${r.id === ratioId ? styles.chipOn : ''}`} onClick={() => setRatioId(r.id)}>
                      {r.label}
                    </button>
                  ))}
                </div>
                <div className={styles.panelActions}>
                  <Button type="primary" onClick={applyCrop} data-testid="photo-crop-apply">
                    {T.cropApply}
                  </Button>
                  <Button onClick={() => cropApi.current?.reset()}>{T.cropReset}</Button>
                </div>
                <p className={styles.hint}>{T.cropHint}</p>
              </div>
            )}
            {tab === 'rotate' && (
              <div className={styles.panel} data-testid="photo-rotate-panel">
                <div className={styles.buttonGrid}>
                  <Button icon={<RotateLeftOutlined />} onClick={() => commit(rotateQuarter(doc.history.present, -1))} data-testid="photo-rotate-left">
                    {T.rotateLeft}
                  </Button>
                  <Button icon={<RotateRightOutlined />} onClick={() => commit(rotateQuarter(doc.history.present, 1))} data-testid="photo-rotate-right">
                    {T.rotateRight}
                  </Button>
                  <Button icon={<SwapOutlined />} onClick={() => commit(flip(doc.history.present, 'horizontal'))} data-testid="photo-flip-h">
                    {T.flipH}
                  </Button>
                  <Button icon={<SwapOutlined rotate={90} />} onClick={() => commit(flip(doc.history.present, 'vertical'))} data-testid="photo-flip-v">
                    {T.flipV}
                  </Button>
                </div>
                <p className={styles.hint}>{T.rotateHint}</p>
              </div>
            )}
            {tab === 'adjust' && <AdjustPanel value={adjust} onChange={setAdjust} onApply={() => void flushPending()} />}
            {tab === 'text' && <TextPanel value={draft} onChange={setDraft} onApply={() => void flushPending()} />}
          </aside>
        </div>
      )}
    </div>
  );
}
