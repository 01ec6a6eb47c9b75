import { useEffect, useMemo, useState } from 'react';
import { App, Button, Empty, Input, Progress, Radio, Spin, Typography } from 'antd';
import { DownloadOutlined, PictureOutlined } from '@ant-design/icons';
import {
  DESIGN_DOCS_MSG as T,
  IMAGE_PROMPT_MAX,
  MSG,
  POSTER_BACKGROUND_TOOL,
  parsePosterCopy,
  POSTER_FORMATS,
  type PosterFormat,
  type TaskInfo,
} from '@wanxiang/contract';
import { RequestError } from '../../api/request';
import { saveBlob } from '../../api/save-file';
import { submitToolTask } from '../../api/tools';
import { openLoginDialog } from '../../app-events';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useUserStore } from '../../stores/user';
import { handleRunRefusal } from '../../tools/refusals';
import { useProtectedUrl } from '../../tools/useProtectedUrl';
import { useTaskList } from '../../tools/useTaskList';
import {
  addLayer,
  defaultLayers,
  exportSize,
  removeLayer,
  scaleLayers,
  updateLayer,
  type PosterCopy,
  type PosterSize,
  type TextLayer,
} from './layers';
import { LayerPanel } from './LayerPanel';
import { exportPosterPng } from './poster-canvas';
import { PosterStage } from './PosterStage';
import styles from './poster.module.css';

const COPY_FIELDS: readonly { key: keyof PosterCopy; label: string; placeholder: string; max: number }[] = [
  { key: 'title', label: '标题', placeholder: '例如：秋季音乐节', max: 40 },
  { key: 'subtitle', label: '副标题', placeholder: '例如：草地 · 星空 · 现场', max: 60 },
  { key: 'body', label: '正文', placeholder: '例如：三支乐队，一个夜晚', max: 200 },
  { key: 'info', label: '时间地点', placeholder: '例如：10月18日 19:00 · 滨江草坪', max: 60 },
];

const formatOf = (task: TaskInfo | undefined): PosterFormat => POSTER_FORMATS.find((f) => f.value === task?.inputs.size)?.value ?? '3:4';

/** A stored picture as an <img> ready to draw (null while it loads). */
function useBackground(url: string | undefined): { img: HTMLImageElement | null; failed: boolean } {
  const file = useProtectedUrl(url);
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    setImg(null);
    if (!file.src) return;
    const el = new Image();
    el.onload = () => setImg(el);
    el.src = file.src;
  }, [file.src]);
  return { img, failed: file.failed };
}

/**
 * /aiDesign/aIPosterCreate (AI海报): describe the poster and pick a size; the background is painted
 * by the task tool posterBackground (quota key draw, labelled AI生成); the text layers (title,
 * subtitle, body, date/place, more) are edited on the canvas in the browser and the poster is
 * exported as a PNG at the format's full size, the AI生成 mark drawn last so it stays visible.
 */
export default function PosterPage() {
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const loggedIn = useUserStore((s) => !!s.user);
  const tasks = useTaskList(POSTER_BACKGROUND_TOOL.id, loggedIn);
  const [describe, setDescribe] = useState('');
  const [format, setFormat] = useState<PosterFormat>('3:4');
  const [copy, setCopy] = useState<PosterCopy>({ title: '', subtitle: '', body: '', info: '' });
  const [submitting, setSubmitting] = useState(false);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [layers, setLayers] = useState<TextLayer[]>([]);
  const [layerSize, setLayerSize] = useState<PosterSize | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  // The background shown: the one picked, else the newest task (running or done).
  const current = useMemo(() => tasks.list.find((t) => t.task_id === pickedId) ?? tasks.list[0], [tasks.list, pickedId]);
  const file = current?.status === 'succeeded' ? current.result?.files[0] : undefined;
  const size = exportSize(formatOf(current));
  const background = useBackground(file?.url);

  // Layers follow the poster's size; the first background gets the form's copy as its layers.
  useEffect(() => {
    if (!file) return;
    if (!layerSize) {
      // The model's suggested copy (the task's text) fills what the user left empty.
      const suggested = parsePosterCopy(current?.result?.text);
      const merged = suggested
        ? (Object.fromEntries(
            Object.entries(copy).map(([k, v]) => [k, v.trim() || suggested[k as keyof PosterCopy]]),
          ) as unknown as PosterCopy)
        : copy;
      setLayers(defaultLayers(size, merged));
      setLayerSize(size);
    } else if (layerSize.width !== size.width || layerSize.height !== size.height) {
      setLayers((l) => scaleLayers(l, layerSize, size));
      setLayerSize(size);
    }
    // Only a new background or size re-lays the layers; copy edits go through the panel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file?.id, size.width, size.height]);

  const generate = async () => {
    if (!loggedIn) return openLoginDialog();
    if (!describe.trim()) return void message.warning(`请填写${T.posterDescribe}`);
    setSubmitting(true);
    try {
      const { task_id } = await submitToolTask(POSTER_BACKGROUND_TOOL.id, { inputs: { text: describe.trim(), size: format } });
      void message.success(MSG.taskPageSubmitted);
      setPickedId(task_id);
      await tasks.add(task_id);
    } catch (err) {
      if (err instanceof RequestError) {
        const text = handleRunRefusal(err.code, err.msg);
        if (text) void message.error(text);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const exportPng = async () => {
    if (!background.img) return void message.error(T.posterExportFailed);
    setExporting(true);
    try {
      const blob = await exportPosterPng({ background: background.img, layers, size });
      saveBlob(blob, `AI海报-${size.width}x${size.height}.png`);
      void message.success(T.posterExported);
    } catch {
      void message.error(T.posterExportFailed);
    } finally {
      setExporting(false);
    }
  };

  const add = () => {
    const { layers: next, added } = addLayer(layers, size, T.posterNewLayerText);
    setLayers(next);
    if (added) setSelectedId(added.id);
  };

  const live = current && (current.status === 'queued' || current.status === 'running');
  const history = tasks.list.filter((t) => t.status === 'succeeded' && t.result?.files[0]).slice(0, 8);

  return (
    <div className={`${styles.page}${mobile ? ` ${styles.mobile}` : ''}`} data-testid="poster-page">
      <header className={styles.header}>
        <Typography.Title level={1} className={styles.title}>
          🪧 {T.posterPageTitle}
        </Typography.Title>
        <Typography.Text type="secondary">{T.posterAigcNote}</Typography.Text>
      </header>
      <div className={styles.body}>
        <section className={styles.formPane}>
          <label className={styles.label} htmlFor="poster-describe">
            {T.posterDescribe}
          </label>
          <Input.TextArea
            id="poster-describe"
            value={describe}
            onChange={(e) => setDescribe(e.target.value)}
            placeholder={T.posterDescribePlaceholder}
            maxLength={IMAGE_PROMPT_MAX}
            autoSize={{ minRows: 3, maxRows: 6 }}
            data-testid="poster-describe"
          />
          <span className={styles.label}>{T.posterSize}</span>
          <Radio.Group
            value={format}
            onChange={(e) => setFormat(e.target.value as PosterFormat)}
            optionType="button"
            className={styles.sizes}
            options={POSTER_FORMATS.map((f) => ({ value: f.value, label: f.label }))}
            data-testid="poster-size"
          />
          {COPY_FIELDS.map((f) => (
            <label key={f.key} className={styles.label}>
              {f.label}
              <Input
                value={copy[f.key]}
                maxLength={f.max}
                placeholder={f.placeholder}
                onChange={(e) => setCopy((c) => ({ ...c, [f.key]: e.target.value }))}
                data-testid={`poster-copy-${f.key}`}
              />
            </label>
          ))}
          <Button
            type="primary"
            block
            size="large"
            loading={submitting || Boolean(live)}
            onClick={() => void generate()}
            data-testid="poster-generate"
          >
            {live ? T.posterGenerating : T.posterGenerate}
          </Button>
          {history.length > 1 && (
            <div className={styles.history}>
              <span className={styles.label}>{T.posterHistory}</span>
              <div className={styles.historyRow}>
                {history.map((t) => (
                  <HistoryThumb key={t.task_id} task={t} on={t.task_id === current?.task_id} onPick={() => setPickedId(t.task_id)} />
                ))}
              </div>
            </div>
          )}
        </section>
        <section className={styles.stagePane}>
          {!current ? (
            <Empty image={<PictureOutlined className={styles.emptyIcon} />} description={T.posterEmpty} />
          ) : live ? (
            <div className={styles.waiting} data-testid="poster-waiting">
              <Progress type="circle" percent={Math.round(current.progress)} />
              <span>{current.stage || T.posterGenerating}</span>
            </div>
          ) : current.status !== 'succeeded' ? (
            <div className={styles.failed} role="alert">
              {T.posterFailed}：{current.error || MSG.taskPageFailedDefault}
            </div>
          ) : background.img ? (
            <PosterStage
              background={background.img}
              layers={layers}
              size={size}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onMove={(moved) => setLayers((l) => l.map((x) => (x.id === moved.id ? moved : x)))}
            />
          ) : background.failed ? (
            <div className={styles.failed}>{T.posterExportFailed}</div>
          ) : (
            <Spin />
          )}
        </section>
        <aside className={styles.sidePane}>
          {background.img && (
            <LayerPanel
              layers={layers}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onChange={(id, patch) => setLayers((l) => updateLayer(l, id, patch))}
              onAdd={add}
              onRemove={(id) => {
                setLayers((l) => removeLayer(l, id));
                setSelectedId(null);
              }}
            />
          )}
          <Button
            type="primary"
            block
            icon={<DownloadOutlined />}
            disabled={!background.img || live}
            loading={exporting}
            onClick={() => void exportPng()}
            data-testid="poster-export"
          >
            {T.posterExport}（{size.width}×{size.height}）
          </Button>
        </aside>
      </div>
    </div>
  );
}

function HistoryThumb({ task, on, onPick }: { task: TaskInfo; on: boolean; onPick: () => void }) {
  const file = task.result?.files[0];
  const thumb = useProtectedUrl(file?.thumbUrl ?? file?.url);
  return (
    <button
      type="button"
      className={`${styles.thumb} ${on ? styles.thumbOn : ''}`}
      onClick={onPick}
      aria-pressed={on}
      data-testid="poster-history-item"
    >
      {thumb.src ? <img src={thumb.src} alt={String(task.inputs.text ?? '')} /> : <PictureOutlined />}
    </button>
  );
}
