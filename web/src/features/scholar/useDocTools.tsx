import { useCallback, useRef, useState } from 'react';
import { Code, MSG, type ScholarCheckRes } from '@wanxiang/contract';
import { checkScholarDoc, SCHOLAR_READING_PATHS } from '../../api/scholar';
import { feedback } from '../../components/feedback/holder';
import { runAnswerStream } from '../../hooks/answer-stream';
import { openGateRefusal } from '../chat/gates/quota-gate';
import { DownloadModal, ReadingModal, type DownloadState, type ReadingState } from './DocModals';
import { downloadDocument } from './download';

/** The model named in the stream request; the server picks its reading model itself. */
const READING_MODEL = 'glm_4_air';

/**
 * What a result's document can do (2.4, 4.1): the check (cached per link), AI解读 and 翻译
 * streamed into their modals, 预览 in a new tab and 下载 with progress. A click while the same
 * kind of work runs only says so (正在解读... / 正在解析... / 正在下载...).
 */
export function useDocTools() {
  const checks = useRef(new Map<string, Promise<ScholarCheckRes>>());
  const checking = useRef(new Set<string>());
  const [reading, setReading] = useState<ReadingState | null>(null);
  const [download, setDownload] = useState<DownloadState | null>(null);
  const readingBusy = useRef(false);
  const downloadBusy = useRef(false);
  const readingAbort = useRef<AbortController | null>(null);

  const check = useCallback((url: string): Promise<ScholarCheckRes> => {
    let p = checks.current.get(url);
    if (!p) {
      checking.current.add(url);
      p = checkScholarDoc(url).finally(() => checking.current.delete(url));
      checks.current.set(url, p);
    }
    return p;
  }, []);

  /** A click on a result whose check is still running. */
  const stillChecking = useCallback((url: string) => {
    if (!checking.current.has(url)) return false;
    feedback().warn(MSG.scholarChecking);
    return true;
  }, []);

  const read = useCallback(async (kind: 'interpret' | 'translate', url: string) => {
    if (readingBusy.current) {
      feedback().warn(MSG.scholarInterpreting);
      return;
    }
    readingBusy.current = true;
    const ctrl = new AbortController();
    readingAbort.current = ctrl;
    const failed = kind === 'interpret' ? MSG.scholarInterpretFailed : MSG.scholarTranslateFailed;
    setReading({ kind, url, text: '', running: true, error: null });
    try {
      const out = await runAnswerStream(
        { model: READING_MODEL, body: { prompt: url, url } as never, path: SCHOLAR_READING_PATHS[kind] },
        ctrl.signal,
        {
          onDelta: (d) => {
            if (d.text) setReading((s) => s && { ...s, text: s.text + d.text });
          },
        },
      );
      if (out.status === 'refused') {
        if (!openGateRefusal(out.error!.code, out.error!.msg)) setReading((s) => s && { ...s, error: out.error!.msg || failed });
        else setReading(null);
      } else if (out.status === 'failed') {
        // A quota notice says its own text; any other failure the reading's failure line.
        setReading((s) => s && { ...s, error: out.error!.code === Code.NO_COUNT ? out.error!.msg : failed });
      }
    } finally {
      readingBusy.current = false;
      setReading((s) => s && { ...s, running: false });
    }
  }, []);

  const save = useCallback(async (url: string) => {
    if (downloadBusy.current) {
      feedback().warn(MSG.scholarDownloading);
      return;
    }
    downloadBusy.current = true;
    setDownload({ url, progress: 0, running: true, error: null });
    try {
      await downloadDocument(url, (progress) => setDownload((s) => s && { ...s, progress }));
      setDownload((s) => s && { ...s, running: false, progress: 1 });
    } catch {
      setDownload((s) => s && { ...s, running: false, error: MSG.scholarDownloadFailed });
    } finally {
      downloadBusy.current = false;
    }
  }, []);

  const closeReading = useCallback(() => {
    readingAbort.current?.abort();
    setReading(null);
  }, []);

  const modals = (
    <>
      <ReadingModal state={reading} onClose={closeReading} />
      <DownloadModal state={download} onClose={() => setDownload(null)} />
    </>
  );

  return {
    check,
    stillChecking,
    interpret: (url: string) => void read('interpret', url),
    translate: (url: string) => void read('translate', url),
    preview: (url: string) => window.open(url, '_blank', 'noopener,noreferrer'),
    download: (url: string) => void save(url),
    modals,
  };
}

export type DocTools = ReturnType<typeof useDocTools>;
