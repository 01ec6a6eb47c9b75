import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, App, Button, Card, Empty, Input, Popconfirm, Progress, Segmented, Select, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  AIGC_BAND_LABELS,
  AIGC_FILE_TYPES,
  AIGC_MSG,
  AIGC_POINTS,
  AIGC_TEXT_MAX,
  AIGC_TEXT_MIN,
  isTerminalTaskState,
  type AigcFile,
  type AigcMode,
  type AigcRewrite,
  type AigcTask,
  type TaskInfo,
} from '@wanxiang/contract';
import { apiUrl, RequestError } from '../../api/request';
import { fetchProtectedFile } from '../../api/tools';
import { saveBlob } from '../../api/save-file';
import { openLoginDialog } from '../../app-events';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useUserStore } from '../../stores/user';
import { paysWithPoints, PointsChoice } from '../../tools/PointsSwitch';
import { handleRunRefusal } from '../../tools/refusals';
import { ToolGates } from '../../tools/ToolGates';
import { watchTask } from '../../tools/task-watch';
import * as api from './aigc-api';
import { AigcReportView } from './AigcReportView';
import { BAND_COLOR, BAND_FILL } from './bands';
import { SimilarityView } from './SimilarityView';
import styles from './aigc.module.css';

const PATHS: Record<AigcMode, string> = { aigc: '/aigc/drapAigc', similarity: '/aigc/articlePlagiarismChecking' };
const TITLES: Record<AigcMode, string> = { aigc: 'AIGC检测 · 降AI率', similarity: '论文查重（相似度检测）' };

/**
 * /aigc/drapAigc (AIGC检测 + 降AI率) and /aigc/articlePlagiarismChecking (相似度检测): paste a text or
 * pick a document of the AIGC library, run the check as a task (progress from the task's events),
 * read the coloured report, download it (PDF with the AI-content label), rewrite chosen paragraphs
 * and compare old and new with the new score. The page says plainly the figures are estimates.
 */
export default function AigcPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const mode: AigcMode = useLocation().pathname.startsWith(PATHS.similarity) ? 'similarity' : 'aigc';
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [files, setFiles] = useState<AigcFile[]>([]);
  const [fileId, setFileId] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const [history, setHistory] = useState<AigcTask[]>([]);
  const [current, setCurrent] = useState<AigcTask | null>(null);
  const [running, setRunning] = useState<TaskInfo | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [rewrites, setRewrites] = useState<AigcRewrite[]>([]);
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const watchers = useRef(new Set<AbortController>());
  const mobile = useIsMobile();
  // The page opens for visitors too (the route table asks no login): they read it, and a check or
  // an upload asks them to log in first; their (empty) library and history are not fetched.
  const loggedIn = useUserStore((s) => !!s.user);

  const fail = useCallback(
    (err: unknown) => {
      const shown = err instanceof RequestError ? handleRunRefusal(err.code, err.msg) : AIGC_MSG.judgeFailed;
      if (shown) message.error(shown);
    },
    [message],
  );
  const watch = useCallback(async (taskId: string, onTask: (t: TaskInfo) => void) => {
    const ctrl = new AbortController();
    watchers.current.add(ctrl);
    try {
      return await watchTask(taskId, onTask, ctrl.signal);
    } finally {
      watchers.current.delete(ctrl);
    }
  }, []);
  useEffect(() => {
    const all = watchers.current;
    return () => all.forEach((c) => c.abort());
  }, []);

  const loadHistory = useCallback(() => api.listChecks(mode).then((r) => setHistory(r.list), fail), [mode, fail]);
  useEffect(() => {
    setCurrent(null);
    setRewrites([]);
    if (!loggedIn) {
      setHistory([]);
      setFiles([]);
      return;
    }
    void loadHistory();
    void api.listFiles().then((r) => setFiles(r.list), fail);
  }, [loadHistory, fail, loggedIn]);

  const open = useCallback(
    async (taskId: string) => {
      try {
        const task = await api.checkDetails(taskId);
        setCurrent(task);
        setRewrites(task.mode === 'aigc' && task.status === 'succeeded' ? (await api.listRewrites(taskId)).list : []);
      } catch (err) {
        fail(err);
      }
    },
    [fail],
  );

  const start = async () => {
    if (!loggedIn) return openLoginDialog();
    if (!fileId && text.trim().length < AIGC_TEXT_MIN) {
      message.warning(text.trim() ? AIGC_MSG.textTooShort(AIGC_TEXT_MIN) : AIGC_MSG.textOrFile);
      return;
    }
    setSubmitting(true);
    try {
      const usePoints = paysWithPoints();
      const { task_id } = await api.submitCheck({
        mode,
        ...(usePoints ? { usePoints } : {}),
        ...(fileId ? { file_id: fileId } : { text }),
        ...(title.trim() ? { title: title.trim() } : {}),
      });
      // Points were taken at submit: the balance shown everywhere follows at once.
      if (usePoints) void useUserStore.getState().refreshUser();
      setCurrent(null);
      setRewrites([]);
      void loadHistory();
      const last = await watch(task_id, setRunning);
      setRunning(null);
      if (last?.status === 'failed') message.error(last.error || AIGC_MSG.judgeFailed);
      await open(task_id);
      void loadHistory();
    } catch (err) {
      fail(err);
    } finally {
      setSubmitting(false);
    }
  };

  const reloadRewrites = async (taskId: string) => setRewrites((await api.listRewrites(taskId)).list);
  const rewrite = async (indexes: number[]) => {
    if (!current) return;
    const taskId = current.task_id;
    await Promise.all(
      indexes.map(async (index) => {
        setBusy((b) => new Set(b).add(index));
        try {
          const { rewrite_id } = await api.submitRewrite(taskId, index);
          await reloadRewrites(taskId);
          const last = await watch(rewrite_id, () => undefined);
          if (last && isTerminalTaskState(last.status) && last.status !== 'succeeded') message.error(last.error || AIGC_MSG.rewriteFailed);
          await reloadRewrites(taskId);
        } catch (err) {
          fail(err);
        } finally {
          setBusy((b) => {
            const next = new Set(b);
            next.delete(index);
            return next;
          });
        }
      }),
    );
  };

  const upload = async (file: File) => {
    if (!loggedIn) return openLoginDialog();
    setUploading(true);
    try {
      const got = await api.uploadLibraryFile(file);
      setFiles((f) => [got, ...f]);
      setFileId(got.file_id);
      message.success(`已上传：${got.name}（${got.chars} 字）`);
    } catch (err) {
      fail(err);
    } finally {
      setUploading(false);
    }
  };

  const download = async () => {
    const file = current?.reportFile;
    if (!file) return;
    try {
      const got = await fetchProtectedFile(apiUrl(file.url, { download: 1 }), file.name);
      saveBlob(got.blob, got.name);
    } catch (err) {
      fail(err);
    }
  };

  const report = current?.report;
  const historyCard = (
    <Card
      size="small"
      title="检测记录"
      extra={
        history.length > 0 && (
          <Popconfirm
            title="清空全部检测记录？"
            onConfirm={async () => {
              try {
                await api.emptyChecks();
                setCurrent(null);
                await loadHistory();
              } catch (err) {
                fail(err);
              }
            }}
          >
            <Button size="small" type="link">
              清空
            </Button>
          </Popconfirm>
        )
      }
    >
      {history.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无记录" />}
      {history.map((h) => (
        <div
          key={h.task_id}
          className={`${styles.historyItem} ${current?.task_id === h.task_id ? styles.historyActive : ''}`}
          onClick={() => void open(h.task_id)}
        >
          <div>{h.title || '未命名'}</div>
          <div className={styles.muted}>
            {new Date(h.createdAt).toLocaleString()} ·{' '}
            {h.status === 'succeeded' ? '已完成' : h.status === 'failed' ? '失败' : h.status === 'canceled' ? '已取消' : `${h.progress}%`}
          </div>
        </div>
      ))}
    </Card>
  );
  return (
    <div className={styles.page}>
      <div className={styles.row}>
        <Typography.Title level={3} style={{ margin: 0 }} className={styles.grow}>
          {TITLES[mode]}
        </Typography.Title>
        <Segmented
          value={mode}
          options={[
            { value: 'aigc', label: 'AIGC检测' },
            { value: 'similarity', label: '相似度检测' },
          ]}
          onChange={(v) => navigate(PATHS[v as AigcMode])}
        />
      </div>
      <Alert type="info" showIcon message={AIGC_MSG.estimateNotice} data-testid="aigc-notice" />
      <div className={styles.layout}>
        <Card size="small">
          <Input.TextArea
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value) setFileId(undefined);
            }}
            placeholder={`粘贴要检测的文本（${AIGC_TEXT_MIN}～${AIGC_TEXT_MAX} 字），每行一段；或在下方上传 / 选择文档`}
            autoSize={{ minRows: 6, maxRows: 14 }}
            maxLength={AIGC_TEXT_MAX}
            showCount
            data-testid="aigc-text"
          />
          <div className={styles.row} style={{ marginTop: 8 }}>
            <Input
              className={styles.grow}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              placeholder="标题（可选）"
              maxLength={60}
            />
            <Upload
              accept={AIGC_FILE_TYPES.map((t) => `.${t}`).join(',')}
              showUploadList={false}
              beforeUpload={(f) => {
                void upload(f);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading}>
                上传文档
              </Button>
            </Upload>
          </div>
          {files.length > 0 && (
            <div className={styles.row} style={{ marginTop: 8 }}>
              <Select
                className={styles.grow}
                allowClear
                placeholder="或选择我的文档"
                value={fileId}
                onChange={(v?: string) => {
                  setFileId(v);
                  if (v) setText('');
                }}
                options={files.map((f) => ({ value: f.file_id, label: `${f.name}（${f.chars} 字）` }))}
              />
              {fileId && (
                <Popconfirm
                  title="删除这个文档？"
                  onConfirm={async () => {
                    try {
                      await api.deleteFile(fileId);
                      setFiles((f) => f.filter((x) => x.file_id !== fileId));
                      setFileId(undefined);
                    } catch (err) {
                      fail(err);
                    }
                  }}
                >
                  <Button icon={<DeleteOutlined />} aria-label="删除文档" />
                </Popconfirm>
              )}
            </div>
          )}
          {mode === 'similarity' && (
            <div className={styles.muted} style={{ marginTop: 6 }}>
              比对范围：联网搜索结果与“我的文档”中的其他文档。
            </div>
          )}
          <div style={{ marginTop: 10 }}>
            <PointsChoice scope={`aigc:${mode}`} points={AIGC_POINTS.check} />
          </div>
          <div className={styles.row}>
            <Button type="primary" onClick={start} loading={submitting} data-testid="aigc-start">
              {mode === 'aigc' ? '开始检测' : '开始查重'}
            </Button>
            <span className={styles.muted}>
              {mode === 'aigc' ? '每次检测消耗 1 次 AIGC检测 次数；改写每段消耗 1 次 降AI率 次数' : '每次查重消耗 1 次 AIGC检测 次数'}
            </span>
          </div>
          {running && !isTerminalTaskState(running.status) && (
            <div style={{ marginTop: 10 }} data-testid="aigc-progress">
              <Progress percent={running.progress} size="small" />
              <span className={styles.muted}>{running.stage}</span>
            </div>
          )}
        </Card>
        {!mobile && historyCard}
      </div>
      {current && current.status !== 'succeeded' && (
        <Alert type={current.status === 'failed' ? 'error' : 'info'} message={current.error || current.stage} />
      )}
      {report && (
        <Card size="small" data-testid="aigc-report">
          <div className={styles.summary}>
            <div>
              <div className={styles.muted}>{report.mode === 'aigc' ? '总体AI率（估计）' : '总体相似度（估计）'}</div>
              <div className={styles.rate} style={{ color: BAND_COLOR[report.band] }} data-testid="aigc-rate">
                {report.rate}%
              </div>
            </div>
            <Tag color={BAND_COLOR[report.band]} style={{ fontSize: 14, padding: '2px 10px' }}>
              {AIGC_BAND_LABELS[report.band]}
            </Tag>
            {report.demo && <Tag>演示</Tag>}
            <div className={styles.grow}>
              <div>{report.title}</div>
              <div className={styles.muted}>
                {report.chars} 字 · {report.paragraphs.length} 段
                {report.mode === 'aigc'
                  ? ` · 高 ${report.counts.high} / 中 ${report.counts.medium} / 低 ${report.counts.low} · ${report.detector === 'llm' ? '大模型判别' : '检测服务'}`
                  : ` · ${report.web ? '联网搜索 + ' : ''}我的文档 ${report.libraryFiles} 个`}
              </div>
            </div>
            {current.reportFile && (
              <Button icon={<DownloadOutlined />} onClick={download} data-testid="aigc-download">
                {current.reportFile.contentType === 'application/pdf' ? '下载 PDF 报告' : '下载报告'}
              </Button>
            )}
            <Popconfirm
              title="删除这次检测及其改写记录？"
              onConfirm={async () => {
                try {
                  await api.deleteCheck(current.task_id);
                  setCurrent(null);
                  await loadHistory();
                } catch (err) {
                  fail(err);
                }
              }}
            >
              <Button icon={<DeleteOutlined />} aria-label="删除检测" />
            </Popconfirm>
          </div>
          <div className={styles.legend} style={{ margin: '10px 0' }}>
            {(['high', 'medium', 'low'] as const).map((b) => (
              <span key={b}>
                <span className={styles.swatch} style={{ background: BAND_FILL[b] }} />
                {AIGC_BAND_LABELS[b]}
              </span>
            ))}
            <span>
              <span className={styles.swatch} style={{ background: '#eeeeee' }} />
              过短未检测
            </span>
          </div>
          {report.mode === 'aigc' ? (
            <AigcReportView
              report={report}
              rewrites={rewrites}
              busy={busy}
              onRewrite={(ix) => void rewrite(ix)}
              onDeleteRewrite={(id) =>
                void api
                  .deleteRewrite(id)
                  .then(() => reloadRewrites(current.task_id))
                  .catch(fail)
              }
              onEmptyRewrites={() =>
                void api
                  .emptyRewrites(current.task_id)
                  .then(() => reloadRewrites(current.task_id))
                  .catch(fail)
              }
            />
          ) : (
            <SimilarityView report={report} />
          )}
        </Card>
      )}
      {mobile && historyCard}
      {/* The count, tier and points dialogs a refused check opens (and their 开启积分抵扣 offer). */}
      <ToolGates price={{ key: `aigc:${mode}`, points: AIGC_POINTS.check }} />
    </div>
  );
}
