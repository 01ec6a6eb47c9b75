import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import { MSG, type PptOutlineReq, type PptPreview } from '@wanxiang/contract';
import { createPpt, downloadPpt, getPptPreview, pptOutlineStreamRequest } from '../../api/slides';
import { useAnswerStream } from '../../hooks/useAnswerStream';
import { RequestError } from '../../api/request';
import { saveBlob } from '../../api/save-file';
import { openGateRefusal } from '../chat/gates/quota-gate';
import { followBuild } from './follow-build';

export type BuildPhase = 'idle' | 'building' | 'done' | 'failed';

/** What an outline is made from: a topic or chat message, or the caller's uploaded document. */
export type PptSource = string | PptOutlineReq;

export interface PptFlow {
  outline: string;
  setOutline: (v: string) => void;
  outlining: boolean;
  /** A topic or chat message, or an uploaded document ({fileId, from}, docs/product/mindmap-and-slides.md §11). */
  startOutline: (source: PptSource) => Promise<void>;
  /** Whether the streamed outline came from the demo model (shown as 演示). */
  demo: boolean;
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

/**
 * The presentation flow of 4.5: text (idle, generating, done), then file (choose template,
 * confirm, task created, download). A quota refusal opens the upgrade dialog.
 */
export function usePptFlow(): PptFlow {
  const { message } = App.useApp();
  const [outline, setOutline] = useState('');
  const outlineStream = useAnswerStream();
  const { start: startStream, reset: resetStream } = outlineStream;
  const outlining = outlineStream.running;
  const [templateId, setTemplateId] = useState('');
  const [phase, setPhase] = useState<BuildPhase>('idle');
  const [progress, setProgress] = useState(0);
  const [stage, setStage] = useState('');
  const [preview, setPreview] = useState<PptPreview | null>(null);
  const [taskId, setTaskId] = useState('');
  const abortRef = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  // The streamed outline fills the editable one (the user edits it once the stream has ended).
  const streamed = outlineStream.state;
  useEffect(() => {
    if (streamed.status !== 'idle') setOutline(streamed.text);
  }, [streamed.status, streamed.text]);

  const startOutline = useCallback(
    async (source: PptSource) => {
      cancel();
      const out = await startStream(pptOutlineStreamRequest(source));
      if (out.status === 'refused') {
        if (!openGateRefusal(out.error!.code, out.error!.msg)) void message.error(out.error!.msg);
      } else if (out.status === 'failed') void message.error(MSG.slidesFailed);
    },
    [cancel, message, startStream],
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
    resetStream();
    setOutline('');
    setPhase('idle');
    setProgress(0);
    setStage('');
    setPreview(null);
    setTaskId('');
  }, [cancel, resetStream]);

  const demo = Boolean(streamed.meta?.demo);
  return { outline, setOutline, outlining, startOutline, demo, templateId, setTemplateId, phase, progress, stage, preview, taskId, build, download, checkOutline, reset };
}
