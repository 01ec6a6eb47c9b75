import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Input, Radio, Space, Spin } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG, parseSrt, toolById, VIDEO_SUBTITLE_ID, type TaskFile, type TaskInfo } from '@wanxiang/contract';
import { RequestError } from '../../api/request';
import { fetchTask } from '../../api/tasks';
import { fetchProtectedFile, submitToolTask } from '../../api/tools';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';
import { FileField } from '../../tools/FileField';
import { rowAfter, rowOf, rowProblems, srtOfResult, srtOfRows, type SrtRow } from './srt-rows';
import styles from './video-edit.module.css';

/**
 * /video/subtitle (视频字幕), CapCut/剪映 style in three steps: upload a video and recognise its
 * speech (a task of the video-subtitle tool), review and edit the lines (start, end, text; add,
 * delete, times checked), then export: burned into the picture or as a subtitle track (a second
 * task). The result plays here; the video and the SRT can be downloaded.
 */

const TOOL = toolById(VIDEO_SUBTITLE_ID)!;
const VIDEO_FIELD = TOOL.fields.find((f) => f.name === 'video')!;

async function waitFor(id: string, onTask: (t: TaskInfo) => void, signal: AbortSignal): Promise<TaskInfo> {
  for (;;) {
    const t = await fetchTask(id, signal);
    onTask(t);
    if (['succeeded', 'failed', 'canceled', 'timeout'].includes(t.status)) return t;
    await new Promise((r) => setTimeout(r, 800));
    if (signal.aborted) throw new Error('aborted');
  }
}

export default function SubtitlePage({ title }: { title?: string }) {
  const { message } = App.useApp();
  const loggedIn = useUserStore((s) => Boolean(s.user));
  const [video, setVideo] = useState('');
  const [uploading, setUploading] = useState(false);
  const [rows, setRows] = useState<SrtRow[] | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'' | 'recognize' | 'export'>('');
  const [stage, setStage] = useState('');
  const [mode, setMode] = useState<'burn' | 'track'>('burn');
  const [fontSize, setFontSize] = useState('medium');
  const [result, setResult] = useState<{ video: TaskFile; srt?: TaskFile; src: string; text: string } | null>(null);
  const [error, setError] = useState('');
  const abort = useRef(new AbortController());
  useEffect(() => () => abort.current.abort(), []);
  useEffect(() => () => (result ? URL.revokeObjectURL(result.src) : undefined), [result]);

  const run = async (inputs: Record<string, string>, kind: 'recognize' | 'export') => {
    if (!loggedIn) return void openLoginDialog();
    if (!video) return void message.warning(MSG.veNeedVideo);
    setBusy(kind);
    setError('');
    setStage('');
    try {
      const { task_id } = await submitToolTask(VIDEO_SUBTITLE_ID, { inputs: { video, ...inputs } });
      const done = await waitFor(task_id, (t) => setStage(`${t.stage || MSG.veStageReading} ${t.progress}%`), abort.current.signal);
      if (done.status !== 'succeeded') throw new RequestError(0, done.error || MSG.veFfmpegFailed);
      return done;
    } catch (err) {
      setError(err instanceof RequestError && err.msg ? err.msg : MSG.veFfmpegFailed);
      return null;
    } finally {
      setBusy('');
    }
  };

  const recognize = async () => {
    const done = await run({ action: 'recognize' }, 'recognize');
    if (!done) return;
    const parsed = parseSrt(srtOfResult(done.result?.text));
    if ('error' in parsed) return void setError(parsed.error);
    setRows(parsed.cues.map(rowOf));
    setNote((done.result?.text ?? '').split('\n\n```')[0]!);
    setResult(null);
  };

  const problems = rowProblems(rows ?? []);
  const exportVideo = async () => {
    if (!rows?.length) return void message.warning(MSG.veSrtEmpty);
    if (problems.size) return void message.error(MSG.veFixRows);
    const done = await run({ action: mode, srt: srtOfRows(rows), fontSize }, 'export');
    const files = done?.result?.files ?? [];
    const out = files.find((f) => f.contentType.startsWith('video/'));
    if (!out) return;
    try {
      const got = await fetchProtectedFile(out.url, out.name);
      setResult({ video: out, srt: files.find((f) => f.name.endsWith('.srt')), src: URL.createObjectURL(got.blob), text: done?.result?.text ?? '' });
    } catch (err) {
      setError(err instanceof RequestError && err.msg ? err.msg : MSG.veFfmpegFailed);
    }
  };

  const download = async (f: TaskFile) => {
    const got = await fetchProtectedFile(f.url, f.name);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(got.blob);
    a.download = got.name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };

  const edit = (key: number, patch: Partial<SrtRow>) => setRows((rs) => (rs ?? []).map((r) => (r.key === key ? { ...r, ...patch } : r)));

  return (
    <div className={styles.page}>
      <div className={styles.hero}>
        <h1>{title ?? TOOL.title}</h1>
        <p>{TOOL.description}</p>
        <ol className={styles.steps}>
          <li className={!rows ? styles.current : ''}>{MSG.veStep1}</li>
          <li className={rows && !result ? styles.current : ''}>{MSG.veStep2}</li>
          <li className={result ? styles.current : ''}>{MSG.veStep3}</li>
        </ol>
      </div>
      <Card>
        <FileField field={VIDEO_FIELD} value={video} onChange={(v) => {
            setVideo(v);
            setRows(null);
            setResult(null);
          }} onUploading={setUploading} />
        <Button className={styles.recognize} type="primary" size="large" onClick={() => void recognize()} loading={busy === 'recognize'} disabled={uploading || Boolean(busy) || !video} data-testid="subtitle-recognize">
          {rows ? MSG.veRecognizeAgain : MSG.veRecognizeButton}
        </Button>
        {!rows && (
          <Button className={styles.manual} size="large" onClick={() => setRows([rowAfter(undefined)])} disabled={Boolean(busy)} data-testid="subtitle-manual">
            {MSG.veManualRows}
          </Button>
        )}
        {busy && <Spin className={styles.stage} tip={stage || MSG.veStageReading} size="small"><span /></Spin>}
        {busy && <div className={styles.stageText} data-testid="subtitle-stage">{stage}</div>}
        {error && <Alert className={styles.alert} type="error" showIcon message={error} data-testid="subtitle-error" />}
      </Card>
      {rows && (
        <Card title={MSG.veEditorTitle(rows.length)} data-testid="subtitle-editor">
          {note && <Alert className={styles.alert} type={note.startsWith('【演示】') ? 'warning' : 'info'} showIcon message={note} />}
          <div className={styles.rows}>
            <div className={`${styles.row} ${styles.head}`}>
              <span>#</span>
              <span>{MSG.veColStart}</span>
              <span>{MSG.veColEnd}</span>
              <span>{MSG.veColText}</span>
              <span />
            </div>
            {rows.map((r, i) => (
              <div key={r.key} className={styles.rowWrap} data-testid="subtitle-row">
                <div className={styles.row}>
                  <span className={styles.num}>{i + 1}</span>
                  <Input size="small" value={r.start} status={problems.get(r.key)?.includes('时间') ? 'error' : undefined} aria-label={`${MSG.veColStart} ${i + 1}`} onChange={(e) => edit(r.key, { start: e.target.value })} />
                  <Input size="small" value={r.end} status={problems.get(r.key)?.includes('时间') ? 'error' : undefined} aria-label={`${MSG.veColEnd} ${i + 1}`} onChange={(e) => edit(r.key, { end: e.target.value })} />
                  <Input size="small" value={r.text} maxLength={200} status={problems.get(r.key)?.includes('文字') ? 'error' : undefined} aria-label={`${MSG.veColText} ${i + 1}`} onChange={(e) => edit(r.key, { text: e.target.value })} />
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={MSG.veDeleteRow(i + 1)} onClick={() => setRows((rs) => (rs ?? []).filter((x) => x.key !== r.key))} />
                </div>
                {problems.get(r.key) && <div className={styles.problem}>{MSG.veSrtLine(i + 1, problems.get(r.key)!)}</div>}
              </div>
            ))}
          </div>
          <Button icon={<PlusOutlined />} onClick={() => setRows((rs) => [...(rs ?? []), rowAfter(rs?.at(-1))])} data-testid="subtitle-add">
            {MSG.veAddRow}
          </Button>
          <div className={styles.export}>
            <Space wrap>
              <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 'burn' | 'track')} optionType="button" options={[{ value: 'burn', label: MSG.veModeBurn }, { value: 'track', label: MSG.veModeTrack }]} />
              {mode === 'burn' && <Radio.Group value={fontSize} onChange={(e) => setFontSize(String(e.target.value))} options={TOOL.fields.find((f) => f.name === 'fontSize')!.options!.map((o) => ({ value: o.value, label: `${MSG.veFontSize}${o.label}` }))} />}
            </Space>
            <Button type="primary" size="large" onClick={() => void exportVideo()} loading={busy === 'export'} disabled={Boolean(busy)} data-testid="subtitle-export">
              {MSG.veExportButton}
            </Button>
          </div>
        </Card>
      )}
      {result && (
        <Card title={MSG.veResultTitle} data-testid="subtitle-result">
          <video className={styles.player} controls src={result.src} data-testid="subtitle-video" />
          <p className={styles.muted}>{result.text}</p>
          <Space wrap>
            <Button icon={<DownloadOutlined />} onClick={() => void download(result.video)}>{MSG.veDownloadVideo}</Button>
            {result.srt && <Button icon={<DownloadOutlined />} onClick={() => void download(result.srt!)}>{MSG.veDownloadSrt}</Button>}
          </Space>
        </Card>
      )}
    </div>
  );
}
