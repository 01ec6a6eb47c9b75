import { LOGOUT_CODES, MSG } from '@wanxiang/contract';
import { addGroupRound } from '../../api/groups';
import { useBattleStore, type BattleAnswer, type BattleRound } from '../../stores/battle';
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

  const column = async (model: string): Promise<void> => {
    const st = () => useBattleStore.getState();
    const fail = (errorText: string) => st().patchAnswer(sessionId, round.id, model, { state: 'error', errorText });
    let answer: FollowedAnswer | null = null;
    try {
      // Text and reasoning arrive frame-batched on the shared clock, so the columns render together (QUALITY G11).
      answer = followAnswer(
        { model, body: { prompt, messages: histories.get(model) ?? [], messageId: round.id, type: 'battle' } },
        {
          onDelta: (delta) => st().appendAnswer(sessionId, round.id, model, delta),
          onEvent: (item) => {
            switch (item.event) {
              case 'no_count':
                fail(item.data.text || MSG.countExhausted);
                break;
              case 'error':
                fail(item.data.msg || MSG.streamError);
                break;
              case 'refusal':
                fail(item.data.msg || MSG.requestFailed);
                if (LOGOUT_CODES.includes(item.data.code) && !loginExpired) {
                  loginExpired = true;
                  handlers.onLoginExpired(item.data.msg || MSG.unauthorized);
                }
                break;
              case 'done': {
                const text =
                  st()
                    .sessions.find((s) => s.id === sessionId)
                    ?.rounds.find((r) => r.id === round.id)?.answers[model]?.message ?? '';
                st().patchAnswer(
                  sessionId,
                  round.id,
                  model,
                  isKnownFailure(text)
                    ? { state: 'error', errorText: MSG.retryLater }
                    : { state: 'ok', id: item.data.messageId || round.answers[model]!.id },
                );
                break;
              }
              default:
                break;
            }
          },
        },
      );
      active.add(answer);
      await answer.finished;
    } finally {
      if (answer) active.delete(answer);
      const left = st()
        .sessions.find((s) => s.id === sessionId)
        ?.rounds.find((r) => r.id === round.id)?.answers[model];
      // Stopped (or cut) while streaming: keep what arrived as the answer.
      if (left?.state === 'waite') {
        st().patchAnswer(sessionId, round.id, model, left.message ? { state: 'ok' } : { state: 'error', errorText: MSG.stopSuccess });
      }
    }
  };

  try {
    await Promise.all(models.map(column));
  } finally {
    useBattleStore.getState().setSending(false);
  }
  if (!handlers.saveOnServer() || loginExpired) return;
  await saveRound(sessionId, round.id);
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
