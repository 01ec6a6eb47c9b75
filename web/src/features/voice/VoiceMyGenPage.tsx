import { useCallback, useEffect, useState } from 'react';
import { App, Button, Empty, Popconfirm, Spin } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { isTerminalTaskState, MSG, toolById, VOICE_CLONE_ID, VOICE_MYGEN_ID, VOICE_TTS_ID, type TaskInfo } from '@wanxiang/contract';
import { cancelTask, fetchTask, retryTask } from '../../api/tasks';
import { RequestError } from '../../api/request';
import { useIsMobile } from '../../hooks/useIsMobile';
import { deleteVoiceWork, fetchVoiceWorks } from '../../media/voice-api';
import { useUserStore } from '../../stores/user';
import { TaskCard } from '../../tools/TaskCard';
import { ToolHeader } from '../../tools/ToolHeader';
import styles from './voice.module.css';

const PAGE = toolById(VOICE_MYGEN_ID)!;
const TTS = toolById(VOICE_TTS_ID)!;
const CLONE = toolById(VOICE_CLONE_ID)!;

/**
 * 我的作品 (/AiVioce/mygen): the user's voice results (every task of the voice group: speech,
 * clone previews), newest first, each with its player, download and AI note (TaskCard), and
 * delete for an ended one (its files go with it).
 */
export default function VoiceMyGenPage() {
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const loggedIn = useUserStore((s) => !!s.user);
  const [list, setList] = useState<TaskInfo[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(
    async (p: number) => {
      if (!loggedIn) return setList([]);
      try {
        const res = await fetchVoiceWorks(p);
        setList((l) => (p === 1 ? res.list : [...(l ?? []), ...res.list.filter((t) => !l?.some((x) => x.task_id === t.task_id))]));
        setTotal(res.total);
        setPage(p);
      } catch {
        setList((l) => l ?? []);
      }
    },
    [loggedIn],
  );
  useEffect(() => {
    void load(1);
  }, [load]);

  const act = async (task: TaskInfo, fn: (id: string) => Promise<unknown>) => {
    setBusy(task.task_id);
    try {
      await fn(task.task_id);
      const fresh = await fetchTask(task.task_id);
      setList((l) => l?.map((t) => (t.task_id === fresh.task_id ? fresh : t)) ?? null);
    } catch (err) {
      void message.error(err instanceof RequestError && err.msg ? err.msg : MSG.networkError);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (task: TaskInfo) => {
    try {
      await deleteVoiceWork(task.task_id);
      setList((l) => l?.filter((t) => t.task_id !== task.task_id) ?? null);
      setTotal((n) => Math.max(0, n - 1));
      void message.success(MSG.voiceDeleted);
    } catch (err) {
      void message.error(err instanceof RequestError && err.msg ? err.msg : MSG.networkError);
    }
  };

  return (
    <div className={`${styles.page}${mobile ? ` ${styles.mobile}` : ''}`} data-testid="voice-mygen-page">
      <div className={styles.top}>
        <ToolHeader tool={PAGE} />
        <div className={styles.actions}>
          <Link to={TTS.paths[0]!}>
            <Button type="primary">{TTS.title}</Button>
          </Link>
          <Link to={CLONE.paths[0]!}>
            <Button>{CLONE.title}</Button>
          </Link>
        </div>
      </div>
      {list === null ? (
        <Spin />
      ) : !loggedIn ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.toolHistoryLoginHint} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.voiceMyGenEmpty} />
      ) : (
        <div className={styles.list} data-testid="voice-works">
          {list.map((task) => {
            const tool = toolById(task.tool) ?? TTS;
            return (
              <div key={task.task_id} className={styles.item} data-testid="voice-work">
                <TaskCard task={task} tool={tool} busy={busy === task.task_id} onCancel={(t) => void act(t, cancelTask)} onRetry={(t) => void act(t, retryTask)} />
                {isTerminalTaskState(task.status) && (
                  <div className={styles.itemBar}>
                    <Popconfirm title={MSG.voiceDelete} onConfirm={() => remove(task)} okButtonProps={{ danger: true }}>
                      <Button size="small" type="text" danger icon={<DeleteOutlined />}>
                        {MSG.voiceDelete}
                      </Button>
                    </Popconfirm>
                  </div>
                )}
              </div>
            );
          })}
          {list.length < total && (
            <div className={styles.more}>
              <Button onClick={() => void load(page + 1)}>{MSG.toolHistoryMore}</Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
