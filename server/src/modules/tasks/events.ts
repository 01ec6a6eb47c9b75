import type { FastifyReply } from 'fastify';
import { isTerminalTaskState, type TaskInfo } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { selectUserTask, taskChannel } from '../../jobs';
import { SseWriter } from '../../streaming/sse';
import { toTaskInfo } from './public';

/** Ms between reads of the row (the fallback when no notice arrives: a worker in another process without Redis). */
export const TASK_EVENTS_POLL_MS = 1_000;

export type TaskEventsContext = Pick<AppContext, 'database' | 'kv' | 'config' | 'shutdown'>;

/**
 * GET /api/v1/tasks/{id}/events: server-sent events `task` with the task object, first as it is
 * now and then on every change (progress, stage, state), in order; the stream ends after a
 * terminal state. A change is noticed from the task's pub-sub channel at once (same process, or
 * any process with Redis) and from a read of the row every second otherwise. Heartbeats keep
 * proxies from closing a quiet stream. The caller checked the owner before the stream opened.
 */
export async function streamTaskEvents(ctx: TaskEventsContext, reply: FastifyReply, userId: number, first: TaskInfo): Promise<void> {
  const res = reply.raw;
  reply.hijack();
  const sse = new SseWriter(res);
  sse.open({ 'x-request-id': reply.request.id });
  sse.startHeartbeat(ctx.config.chatHeartbeatMs);

  let lastKey = '';
  let closed = false;
  let reading: Promise<void> | null = null;
  let again = false;
  const send = (info: TaskInfo) => {
    const key = `${info.status}|${info.progress}|${info.stage}|${info.updatedAt}`;
    if (key === lastKey) return;
    lastKey = key;
    if (sse.writable) res.write(`event: task\ndata: ${JSON.stringify(info)}\n\n`);
    if (isTerminalTaskState(info.status)) close();
  };
  // One read at a time; a notice during a read asks for one more, so the last change is never missed.
  const refresh = () => {
    if (closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = (async () => {
      try {
        do {
          again = false;
          const row = await selectUserTask(ctx.database.db, userId, first.task_id);
          if (closed) return;
          if (!row) return close();
          send(toTaskInfo(row));
        } while (again && !closed);
      } catch {
        // The database may be closing (shutdown); the next tick tries again or the stream ends.
      } finally {
        reading = null;
      }
    })();
  };

  let unsubscribe: () => void = () => undefined;
  const poll = setInterval(refresh, TASK_EVENTS_POLL_MS);
  poll.unref();
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(poll);
    unsubscribe();
    ctx.shutdown.signal.removeEventListener('abort', close);
    sse.end();
  };
  res.on('close', close);
  ctx.shutdown.signal.addEventListener('abort', close, { once: true });

  send(first);
  if (closed) return;
  unsubscribe = await ctx.kv.subscribe(taskChannel(first.task_id), refresh).catch(() => () => undefined);
  if (closed) unsubscribe();
  // A change between the first read and the subscription is caught here.
  refresh();
}
