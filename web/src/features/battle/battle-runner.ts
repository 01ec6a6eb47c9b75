import { LOGOUT_CODES, MSG } from '@wanxiang/contract';
import { addGroupRound } from '../../api/groups';
import { useBattleStore, type BattleAnswer, type BattleRound } from '../../stores/battle';
import type { AnswerRequest } from '../../hooks/answer-stream';
import { followAnswer, type FollowedAnswer } from '../../hooks/resumable-answer';
import { uuid } from '../../stores/chat-state';
import { historyFor } from './battle-rules';

/**
 * One comparison round: the same question to every chosen model at once, each column its own
 * POST /api/v1/chat2/{model} stream, so each is stopped and charged by its own rules and a
 * refusal for one (tier, count) stays in that column. A column's answer outlives its reader like
 * a chat answer (hooks/resumable-answer.ts): stop asks the server, a cut connection re-attaches.
 * Battle turns carry `type: 'battle'`: the server writes no chat history for them; the round
 * is saved as a whole through groups record/add once every column has ended.
 */

export interface BattleRunHandlers {
  /** A column was refused because the login expired (the page logs out and opens login once). */
  onLoginExpired(msg: string): void;
  /** Whether to save the finished round on the server (logged-in users). */
  saveOnServer(): boolean;
}

const active = new Set<FollowedAnswer>();

/** Stops every streaming column at the server; answers how many were streaming. */
export function stopBattle(): number {
  let n = 0;
  for (const a of active) {
    if (!a.signal.aborted) {
      a.stop();
      n++;
    }
  }
  return n;
}

const isKnownFailure = (text: string) => MSG.knownFailedReplies.includes(text.trim());

export async function runBattleRound(sessionId: string, prompt: string, handlers: BattleRunHandlers): Promise<void> {
  const store = useBattleStore.getState();
  const session = store.sessions.find((s) => s.id === sessionId);
  if (!session) return;
  const models = [...session.models];
  // Histories are taken before the new round joins the session.
  const histories = new Map(models.map((m) => [m, historyFor(session.rounds, m, session.multiTurn)]));
  const round: BattleRound = {
    id: uuid(),
    question: prompt,
    dateTime: Date.now(),
    models,
    answers: Object.fromEntries(
      models.map((m): [string, BattleAnswer] => [m, { id: uuid(), model: m, message: '', reasoning: '', state: 'waite' }]),
    ),
  };
  store.addRound(sessionId, round);
  store.setSending(true);
  let loginExpired = false;

  const column = (model: string): Promise<void> =>
    followColumn(
      sessionId,
      round.id,
      model,
      { model, body: { prompt, messages: histories.get(model) ?? [], messageId: round.id, type: 'battle' } },
      () => {
        if (loginExpired) return false;
        loginExpired = true;
        return true;
      },
      handlers,
    );

  try {
    await Promise.all(models.map(column));
  } finally {
    useBattleStore.getState().setSending(false);
  }
  if (!handlers.saveOnServer() || loginExpired) return;
  await saveRound(sessionId, round.id);
}

/**
 * Re-attach the columns a reload left streaming in the current comparison (their streamId: the
 * server kept answering), each from its first event, then save the round as a finished one would be.
 */
export async function resumeBattle(handlers: BattleRunHandlers): Promise<void> {
  const st = useBattleStore.getState();
  if (st.sending || active.size > 0) return;
  const session = st.sessions.find((s) => s.id === st.currentId);
  const pending = (session?.rounds ?? []).flatMap((r) =>
    r.models.flatMap((m) => {
      const streamId = r.answers[m]?.state === 'waite' ? r.answers[m]?.streamId : undefined;
      return streamId ? [{ round: r, model: m, streamId }] : [];
    }),
  );
  if (!session || pending.length === 0) return;
  st.setSending(true);
  let loginExpired = false;
  try {
    await Promise.all(
      pending.map(({ round, model, streamId }) => {
        st.patchAnswer(session.id, round.id, model, { message: '', reasoning: '' });
        return followColumn(
          session.id,
          round.id,
          model,
          { model, body: { prompt: '' }, reattach: { messageId: streamId } },
          () => {
            if (loginExpired) return false;
            loginExpired = true;
            return true;
          },
          handlers,
        );
      }),
    );
  } finally {
    useBattleStore.getState().setSending(false);
  }
  if (!handlers.saveOnServer() || loginExpired) return;
  for (const roundId of new Set(pending.map((p) => p.round.id))) await saveRound(session.id, roundId);
}

/**
 * One column's answer into the store, to its end: `request` asks the question, or re-attaches to
 * it by name. `firstLoginExpiry` answers true once, for the first column refused for an expired login.
 */
async function followColumn(
  sessionId: string,
  roundId: string,
  model: string,
  request: AnswerRequest,
  firstLoginExpiry: () => boolean,
  handlers: BattleRunHandlers,
): Promise<void> {
  const st = () => useBattleStore.getState();
  const fail = (errorText: string) => st().patchAnswer(sessionId, roundId, model, { state: 'error', errorText });
  let answer: FollowedAnswer | null = null;
  try {
    // Text and reasoning arrive frame-batched on the shared clock, so the columns render together (QUALITY G11).
    answer = followAnswer(request, {
      onDelta: (delta) => st().appendAnswer(sessionId, roundId, model, delta),
      onEvent: (item) => {
        switch (item.event) {
          case 'meta':
            // Named: a reload can re-attach to it from now on.
            st().patchAnswer(sessionId, roundId, model, { streamId: item.data.messageId });
            break;
          case 'no_count':
            fail(item.data.text || MSG.countExhausted);
            break;
          case 'error':
            fail(item.data.msg || MSG.streamError);
            break;
          case 'refusal':
            fail(item.data.msg || MSG.requestFailed);
            if (LOGOUT_CODES.includes(item.data.code) && firstLoginExpiry()) handlers.onLoginExpired(item.data.msg || MSG.unauthorized);
            break;
          case 'done': {
            const text =
              st()
                .sessions.find((s) => s.id === sessionId)
                ?.rounds.find((r) => r.id === roundId)?.answers[model]?.message ?? '';
            st().patchAnswer(
              sessionId,
              roundId,
              model,
              isKnownFailure(text)
                ? { state: 'error', errorText: MSG.retryLater }
                : { state: 'ok', ...(item.data.messageId ? { id: item.data.messageId } : {}) },
            );
            break;
          }
          default:
            break;
        }
      },
    });
    active.add(answer);
    await answer.finished;
  } finally {
    if (answer) active.delete(answer);
    const left = st()
      .sessions.find((s) => s.id === sessionId)
      ?.rounds.find((r) => r.id === roundId)?.answers[model];
    // Stopped (or cut) while streaming: keep what arrived as the answer.
    if (left?.state === 'waite') {
      st().patchAnswer(sessionId, roundId, model, left.message ? { state: 'ok' } : { state: 'error', errorText: MSG.stopSuccess });
    }
  }
}

/** Saves a finished round on the server; a failure leaves it local (it stays unsaved). */
export async function saveRound(sessionId: string, roundId: string): Promise<void> {
  const st = useBattleStore.getState();
  const session = st.sessions.find((s) => s.id === sessionId);
  const round = session?.rounds.find((r) => r.id === roundId);
  if (!session || !round || round.saved) return;
  try {
    await addGroupRound({
      groupId: session.id,
      multiTurn: session.multiTurn,
      question: { id: round.id, content: round.question },
      answers: round.models.map((m) => {
        const a = round.answers[m]!;
        return { id: a.id, model: m, content: a.message, reasoning: a.reasoning, state: a.state === 'ok' ? 'ok' : 'error' };
      }),
    });
    useBattleStore.getState().patchRound(sessionId, roundId, { saved: true });
  } catch {
    // kept locally; nothing to tell the user mid-comparison
  }
}
