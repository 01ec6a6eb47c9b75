import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import { MSG, type PptPreview } from '@wanxiang/contract';
import { createPpt, downloadPpt, getPptPreview, getPptTask, streamPptOutline } from '../../api/slides';
import { RequestError } from '../../api/request';
import { openGateRefusal } from '../chat/gates/quota-gate';
import { followBuild } from './follow-build';

/** How often a build task is asked for its status, and for how long at most. */
export const TASK_POLL_MS = 800;
export const TASK_POLL_MAX = 150;

export type BuildPhase = 'idle' | 'building' | 'done' | 'failed';

export interface PptFlow {
  outline: string;
  setOutline: (v: string) => void;
  outlining: boolean;
  startOutline: (content: string) => Promise<void>;
  templateId: string;
  setTemplateId: (id: string) => void;
  phase: BuildPhase;
  progress: number;
  /** What the build is doing now (the task's stage), shown under the progress bar. */
  stage: string;
  preview: PptPreview | null;
  taskId: string;
  /** Validates (docs/product/mindmap-and-slides.md §5), creates the task and waits for it; true when the deck is ready. */
  build: () => Promise<boolean>;
  download: () => Promise<void>;
  /** Whether the outline may be used now (docs/product/mindmap-and-slides.md §5 messages otherwise); shows the message. */
  checkOutline: () => boolean;
  reset: () => void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

/** Saves a blob under a name through a temporary link. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The presentation flow of 4.5: text (idle, generating, done), then file (choose template,
 * confirm, task created, download). A quota refusal opens the upgrade dialog.
 */
export function usePptFlow(): PptFlow {
  const { message } = App.useApp();
  const [outline, setOutline] = useState('');
  const [outlining, setOutlining] = useState(false);
  const [templateId, setTemplateId] = useState('');
  const [phase, setPhase] = useState<BuildPhase>('idle');
  const [progress, setProgress] = useState(0);
  const [stage, setStage] = useState('');
  const [preview, setPreview] = useState<PptPreview | null>(null);
  const [taskId, setTaskId] = useState('');
  const abortRef = useRef<AbortController | null>(null);
  const outlineRef = useRef('');

  const cancel = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  const startOutline = useCallback(
    async (content: string) => {
      cancel();
      const ctrl = new AbortController();
      abortRef.current = ctrl;
      outlineRef.current = '';
      setOutline('');
      setOutlining(true);
      let ok = false;
      try {
        for await (const ev of streamPptOutline(content, ctrl.signal)) {
          if (ev.event === 'text') {
            outlineRef.current += ev.data.text;
            setOutline(outlineRef.current);
          } else if (ev.event === 'refusal') {
            if (!openGateRefusal(ev.data.code, ev.data.msg)) void message.error(ev.data.msg);
            return;
          } else if (ev.event === 'error') {
            void message.error(MSG.slidesFailed);
            return;
          } else if (ev.event === 'done') ok = true;
        }
        if (!ok && !ctrl.signal.aborted) void message.error(MSG.slidesFailed);
      } finally {
        if (abortRef.current === ctrl) abortRef.current = null;
        setOutlining(false);
      }
    },
    [cancel, message],
  );

  const checkOutline = useCallback((): boolean => {
    if (outlining) {
      void message.warning(MSG.slidesWaitContent);
      return false;
    }
    if (!outline.trim()) {
      void message.warning(MSG.slidesNoContent);
      return false;
    }
    return true;
  }, [message, outline, outlining]);

  const build = useCallback(async (): Promise<boolean> => {
    if (!checkOutline()) return false;
    if (!templateId) {
      void message.warning(MSG.slidesNoTemplate);
      return false;
    }
    cancel();
    const ctrl = new AbortController();
    abortRef.current = ctrl;
    setPhase('building');
    setPreview(null);
    setProgress(0);
    setStage('');
    try {
      const created = await createPpt(templateId, outline);
      setTaskId(created.task_id);
      // The build is a task of the task engine: the bar shows its real progress and stage.
      const task = await followBuild(
        created.task_id,
        (t) => {
          setProgress(t.progress);
          setStage(t.stage);
        },
        ctrl.signal,
      );
      if (ctrl.signal.aborted) return false;
      if (task?.status === 'succeeded') {
        setPreview(await getPptPreview(created.task_id));
        setProgress(100);
        setPhase('done');
        return true;
      }
      void message.error(task?.error || MSG.slidesFailed);
      setPhase('failed');
      return false;
    } catch (err) {
      setPhase('failed');
      if (err instanceof RequestError && openGateRefusal(err.code, err.msg)) return false;
      void message.error(err instanceof RequestError && err.code < 500 ? err.msg : MSG.slidesFailed);
      return false;
    }
  }, [cancel, checkOutline, message, outline, templateId]);

  const download = useCallback(async () => {
    if (!taskId || phase !== 'done') {
      void message.warning(MSG.slidesNoDownload);
      return;
    }
    try {
      const file = await downloadPpt(taskId);
      saveBlob(file.blob, file.name);
    } catch (err) {
      void message.error(err instanceof RequestError && err.msg ? err.msg : MSG.slidesDownloadFailed);
    }
  }, [message, phase, taskId]);

  const reset = useCallback(() => {
    cancel();
    outlineRef.current = '';
    setOutline('');
    setPhase('idle');
    setProgress(0);
    setStage('');
    setPreview(null);
    setTaskId('');
  }, [cancel]);

  return { outline, setOutline, outlining, startOutline, templateId, setTemplateId, phase, progress, stage, preview, taskId, build, download, checkOutline, reset };
}
