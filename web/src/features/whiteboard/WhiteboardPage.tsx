// First, in this chunk: the canvas chunk's own imports (the library) run before its body would.
import './excalidraw-setup';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { App, Button, Result, Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import type { WhiteboardDetail, WhiteboardDiagramKind, WhiteboardSummary } from '@wanxiang/contract';
import { createBoard, deleteBoard, fetchBoard, generateDiagram, listBoards, renameBoard } from '../../api/whiteboard';
import { RequestError } from '../../api/request';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';
import { AiBar } from './AiBar';
import { BoardBar } from './BoardBar';
import type { ExportKind } from './export-board';
import { useAutosave } from './useAutosave';
import { useFillHeight } from './useFillHeight';
import { T } from './texts';
import styles from './whiteboard.module.css';

// The canvas library, its fonts' setup and the diagram converter load with the canvas only.
const BoardCanvas = lazy(() => import('./BoardCanvas'));

/** Below this the canvas is too small to draw on: the page scrolls instead. */
const MIN_HEIGHT = 520;

const messageOf = (err: unknown, fallback: string) => (err instanceof RequestError && err.msg ? err.msg : fallback);

/**
 * AI白板 (/whiteboard): the user's boards on an Excalidraw canvas, saved on the server as they
 * change; one sentence becomes a diagram or a mind map on the board. `?board=<id>` names the board
 * shown, so a reload comes back to it.
 */
export default function WhiteboardPage() {
  const { message } = App.useApp();
  const token = useUserStore((s) => s.token);
  const [params, setParams] = useSearchParams();
  const [boards, setBoards] = useState<WhiteboardSummary[] | null>(null);
  const [board, setBoard] = useState<WhiteboardDetail | null>(null);
  const [failed, setFailed] = useState('');
  const [busy, setBusy] = useState<WhiteboardDiagramKind | null>(null);
  const apiRef = useRef<ExcalidrawImperativeAPI | null>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(pageRef, MIN_HEIGHT);

  const wanted = Number(params.get('board')) || 0;
  const currentId = boards?.some((b) => b.id === wanted) ? wanted : (boards?.[0]?.id ?? 0);
  const autosave = useAutosave(currentId);

  const select = useCallback((id: number) => setParams({ board: String(id) }, { replace: true }), [setParams]);

  // The list once signed in; a user without boards gets a first one.
  useEffect(() => {
    if (!token) return;
    let live = true;
    (async () => {
      let { list } = await listBoards();
      if (list.length === 0) list = [await createBoard(T.firstBoard)];
      if (live) setBoards(list);
    })().catch((err: unknown) => live && setFailed(messageOf(err, T.loadFailed)));
    return () => {
      live = false;
    };
  }, [token]);

  // Name the board shown in the address (the first one when none or an unknown one was asked for).
  useEffect(() => {
    if (currentId && currentId !== wanted) select(currentId);
  }, [currentId, wanted, select]);

  useEffect(() => {
    if (!currentId) return;
    let live = true;
    setBoard(null);
    fetchBoard(currentId)
      .then((b) => live && setBoard(b))
      .catch((err: unknown) => live && setFailed(messageOf(err, T.loadFailed)));
    return () => {
      live = false;
    };
  }, [currentId]);

  const onCreate = async () => {
    try {
      const made = await createBoard();
      setBoards((list) => [made, ...(list ?? [])]);
      select(made.id);
    } catch (err) {
      message.error(messageOf(err, T.loadFailed));
    }
  };

  const onRename = async (title: string) => {
    try {
      const renamed = await renameBoard(currentId, title);
      setBoards((list) => (list ?? []).map((b) => (b.id === renamed.id ? renamed : b)));
    } catch (err) {
      message.error(messageOf(err, T.loadFailed));
    }
  };

  const onDelete = async () => {
    try {
      await deleteBoard(currentId);
      let rest = (boards ?? []).filter((b) => b.id !== currentId);
      if (rest.length === 0) rest = [await createBoard(T.firstBoard)];
      setBoards(rest);
      select(rest[0]!.id);
    } catch (err) {
      message.error(messageOf(err, T.loadFailed));
    }
  };

  const onExport = async (kind: ExportKind) => {
    const api = apiRef.current;
    if (!api || !board) return;
    try {
      const { exportBoard } = await import('./export-board');
      if (!(await exportBoard(api, board.title, kind))) message.info(T.exportEmpty);
    } catch {
      message.error(T.exportFailed);
    }
  };

  const onGenerate = async (text: string, kind: WhiteboardDiagramKind) => {
    const api = apiRef.current;
    if (!text) {
      message.warning(T.promptRequired);
      return;
    }
    if (!api) return;
    setBusy(kind);
    try {
      const answer = await generateDiagram(text, kind);
      const { insertMermaid } = await import('./insert-diagram');
      let count = 0;
      try {
        count = await insertMermaid(api, answer.mermaid);
      } catch {
        message.error(T.convertFailed);
        return;
      }
      message.success(answer.demo ? `${T.inserted(count)}（${T.demoNote}）` : T.inserted(count));
    } catch (err) {
      message.error(messageOf(err, T.convertFailed));
    } finally {
      setBusy(null);
    }
  };

  // Boards belong to an account: a visitor is asked to sign in (the route itself is open, as in the route table).
  if (!token) {
    return (
      <div className={styles.page}>
        <Result
          icon={<span className={styles.bigIcon}>🖍️</span>}
          title={T.guestTitle}
          subTitle={T.guestText}
          extra={
            <Button type="primary" onClick={() => openLoginDialog()}>
              {T.login}
            </Button>
          }
        />
      </div>
    );
  }

  if (failed) {
    return (
      <div className={styles.page}>
        <Typography.Text type="danger">{failed}</Typography.Text>
      </div>
    );
  }

  return (
    <div ref={pageRef} className={styles.page} style={height ? { height } : undefined} data-testid="whiteboard-page">
      {boards && (
        <BoardBar
          boards={boards}
          currentId={currentId}
          status={autosave.status}
          onSelect={select}
          onCreate={() => void onCreate()}
          onRename={(t) => void onRename(t)}
          onDelete={() => void onDelete()}
          onExport={(k) => void onExport(k)}
        />
      )}
      <AiBar busy={busy} onGenerate={(text, kind) => void onGenerate(text, kind)} />
      <div className={styles.canvas}>
        {board && board.id === currentId ? (
          <Suspense fallback={<Spin className={styles.center} tip={T.loading} />}>
            <BoardCanvas
              key={board.id}
              board={board}
              autosave={autosave}
              onApi={(api) => {
                apiRef.current = api;
              }}
            />
          </Suspense>
        ) : (
          <div className={styles.center}>
            <Spin />
          </div>
        )}
      </div>
    </div>
  );
}
