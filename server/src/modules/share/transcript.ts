import { LIMITS, SHARE_MSG as M, type ShareKind } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { selectGroup, selectGroupMessages } from '../groups/store';
import { selectConversation, selectMessages, type MessageRow } from '../history/store';

/**
 * What a share page and an export show of a conversation or a battle: its title and the questions with their
 * answers, and nothing else. No reasoning, no tool calls, no attachments, nothing of the account: only the text
 * the user typed and the models' answers. Unfinished and failed answers are left out.
 */
export interface Transcript {
  kind: ShareKind;
  title: string;
  createdAt: Date;
  rounds: { question: string; answers: { model: string; content: string }[] }[];
}

export type TranscriptContext = Pick<AppContext, 'database' | 'catalog'>;

/** The model's display name from the catalog (its id when the catalog no longer has it). */
const modelLabel = (ctx: TranscriptContext, model: string) => (model ? (ctx.catalog.get(model)?.label ?? model) : '');

/** The owner's conversation or battle as a transcript; null when the owner has none with this id. */
export async function loadTranscript(ctx: TranscriptContext, userId: number, kind: ShareKind, id: string): Promise<Transcript | null> {
  const db = ctx.database.db;
  if (kind === 'chat') {
    const conv = await selectConversation(db, userId, id);
    if (!conv) return null;
    const rounds: Transcript['rounds'] = [];
    for (const m of visibleBranch(await selectMessages(db, userId, id))) {
      if (m.role === 'user') rounds.push({ question: m.content, answers: [] });
      else if (m.role === 'assistant' && m.state === 'ok' && m.content.trim()) {
        if (!rounds.length) rounds.push({ question: '', answers: [] });
        rounds.at(-1)!.answers.push({ model: modelLabel(ctx, m.model), content: m.content });
      }
    }
    return { kind, title: conv.title || LIMITS.defaultSessionName, createdAt: conv.createdAt, rounds };
  }
  const group = await selectGroup(db, userId, id);
  if (!group) return null;
  const byRound = new Map<number, Transcript['rounds'][number]>();
  for (const m of await selectGroupMessages(db, userId, id)) {
    const round = byRound.get(m.round) ?? { question: '', answers: [] };
    byRound.set(m.round, round);
    if (m.role === 'user') round.question = m.content;
    else if (m.state === 'ok' && m.content.trim()) round.answers.push({ model: modelLabel(ctx, m.model), content: m.content });
  }
  return { kind, title: group.title || M.pageSharedBattle, createdAt: group.createdAt, rounds: [...byRound.values()] };
}

type BranchMessage = Pick<MessageRow, 'id' | 'role' | 'state' | 'parentId'>;

/**
 * The branch of a conversation tree (issue 17 branches) that a share or an export shows: from the start, at each fork
 * the newest sibling, a finished answer rather than a failed or unfinished one (which sibling the owner last picked is
 * kept in their browser only). A message saved before branches (parentId null) follows the one saved before it, so a
 * conversation without forks reads in its saved order.
 */
export function visibleBranch<M extends BranchMessage>(messages: readonly M[]): M[] {
  const children = new Map<string, M[]>();
  messages.forEach((m, i) => {
    const parent = m.parentId ?? (i > 0 ? messages[i - 1]!.id : '');
    children.set(parent, [...(children.get(parent) ?? []), m]);
  });
  const path: M[] = [];
  const seen = new Set<string>();
  for (let parent = ''; ; ) {
    const siblings = children.get(parent);
    if (!siblings?.length || seen.has(parent)) return path;
    seen.add(parent);
    const pick = siblings.findLast((m) => m.role !== 'assistant' || m.state === 'ok') ?? siblings.at(-1)!;
    path.push(pick);
    parent = pick.id;
  }
}

/** The transcript as one Markdown text (the export's body, before the title and the AI-content line). */
export function transcriptMarkdown(t: Transcript): string {
  return t.rounds
    .map((r) => [`## ${M.exportQuestion}`, r.question.trim(), ...r.answers.flatMap((a) => [`## ${M.exportAnswer(a.model)}`, a.content.trim()])].join('\n\n'))
    .join('\n\n---\n\n');
}
