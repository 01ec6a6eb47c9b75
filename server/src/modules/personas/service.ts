import {
  MSG,
  PERSONA_STATUS,
  type PersonaAddInput,
  type PersonaItem,
  type PersonaLine,
  type PersonaListReq,
  type PersonaListRes,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { BUILTIN_PERSONAS, type BuiltinPersona } from './builtin';
import { factsOf, personaFactsCache, usableBy } from './chat-facts';
import {
  insertMissingBuiltins,
  insertPersona,
  selectById,
  selectByStatus,
  selectChatFacts,
  selectVisible,
  selectVisiblePage,
  updateStatus,
  type Executor,
  type PersonaRow,
  type StatusChange,
  type PersonaWithAuthor,
} from './store';

/**
 * Rules of personas: who sees which (approved public ones for everyone, one's own whatever their
 * status), new ones wait for review, and only a visible persona may lead a chat.
 */
export type PersonasContext = Pick<AppContext, 'database'> & Partial<Pick<AppContext, 'moduleStates'>>;

/** How an author is shown: the username, else the nickname, else the phone with its middle hidden. */
function authorName(row: PersonaWithAuthor): string {
  if (row.authorAccount) return row.authorAccount;
  if (row.authorNick) return row.authorNick;
  return row.authorPhone ? row.authorPhone.replace(/^(\d{3})\d{4}(\d+)$/, '$1****$2') : '';
}

function toItem(row: PersonaWithAuthor, callerId: number | null): PersonaItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    avatar: row.avatar,
    emoji: row.emoji,
    context: row.context,
    status: row.status,
    mine: callerId !== null && row.userId === callerId,
    user: row.userId === null ? null : { avatar: row.authorAvatar ?? '', account: authorName(row) },
    // The refusal's reason is between the reviewer and the author.
    reviewReason: callerId !== null && row.userId === callerId ? row.reviewReason : '',
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPersonas(ctx: PersonasContext, callerId: number | null, req: PersonaListReq): Promise<PersonaListRes> {
  const { rows, total } = await selectVisiblePage(ctx.database.db, callerId, req.keyword || undefined, (req.page - 1) * req.rows, req.rows);
  return { list: rows.map((r) => toItem(r, callerId)), total, page: req.page, rows: req.rows };
}

/** One persona for the view dialog; someone else's unapproved one is not found, like a missing one. */
export async function getPersona(ctx: PersonasContext, callerId: number | null, id: number): Promise<PersonaItem> {
  const row = await selectVisible(ctx.database.db, callerId, id);
  if (!row) throw notFound(MSG.personaNotFound);
  return toItem(row, callerId);
}

/** A new persona starts pending review (4): visible to its author only until approved. */
export async function addPersona(ctx: PersonasContext, userId: number, input: PersonaAddInput): Promise<PersonaItem> {
  const created = await insertPersona(ctx.database.db, {
    userId,
    title: input.title,
    description: input.description,
    avatar: input.avatar,
    emoji: input.emoji,
    context: input.context,
    status: PERSONA_STATUS.pending,
  });
  // Read back through the visibility rule, with the author's public face.
  const row = await selectVisible(ctx.database.db, userId, created.id);
  if (!row) throw new Error('the persona just added is not visible to its author');
  return toItem(row, userId);
}

/** Context lines a caller may start a chat with, or a 404 refusal (someone else's pending one included). */
export async function usablePersonaContext(ctx: PersonasContext, userId: number, id: number): Promise<PersonaLine[]> {
  const cache = ctx.moduleStates && personaFactsCache(ctx.moduleStates);
  let facts = cache?.get(id);
  if (!facts) {
    const row = await selectChatFacts(ctx.database.db, id);
    if (!row) throw notFound(MSG.personaNotFound);
    facts = factsOf(row);
    cache?.put(id, facts);
  }
  // Someone else's persona that is not approved and public is not found, like a missing one.
  if (!usableBy(facts, userId)) throw notFound(MSG.personaNotFound);
  return facts.context;
}

/** Insert the shipped personas that are missing (idempotent; safe when processes boot together). */
export async function seedBuiltinPersonas(ctx: PersonasContext, list: BuiltinPersona[] = BUILTIN_PERSONAS): Promise<number> {
  return insertMissingBuiltins(
    ctx.database.db,
    list.map((p) => ({ ...p, avatar: '', status: PERSONA_STATUS.approved, isPublic: true })),
  );
}

// ---- operator review (cli.ts and the admin console's moderation area)

/**
 * The one review transition of a persona, for the command line and the console: sets the status (and the reason its
 * author sees), only from `change.from` when given; answers the updated row, or undefined when no row matched (missing,
 * or no longer in `from`). Pass `tx` to make it part of a larger transaction (the console's audit row).
 */
export async function reviewPersona(ctx: PersonasContext, id: number, change: StatusChange, tx?: Executor): Promise<PersonaRow | undefined> {
  const row = await updateStatus(tx ?? ctx.database.db, id, change);
  // Chat facts cache the status: a refused persona must stop leading chats at once.
  if (ctx.moduleStates) personaFactsCache(ctx.moduleStates).forget(id);
  return row;
}

export async function setPersonaStatus(ctx: PersonasContext, id: number, status: number): Promise<PersonaRow> {
  const row = await reviewPersona(ctx, id, { status });
  if (!row) throw notFound(MSG.personaNotFound);
  return row;
}

export async function findPersona(ctx: PersonasContext, id: number): Promise<PersonaRow | undefined> {
  return selectById(ctx.database.db, id);
}

export async function listByStatus(ctx: PersonasContext, status: number, limit = 50): Promise<PersonaRow[]> {
  return selectByStatus(ctx.database.db, status, limit);
}
