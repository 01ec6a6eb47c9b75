import {
  Code,
  WHITEBOARD_MAX_PER_USER,
  WHITEBOARD_MSG,
  WHITEBOARD_SCENE_MAX_BYTES,
  type WhiteboardDetail,
  type WhiteboardScene,
  type WhiteboardSummary,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../http/errors';
import * as store from './store';

/** The board rules: owner-only (another user's board is "not found"), a count per user and a scene size cap. */

type BoardsContext = Pick<AppContext, 'database'>;

const summary = (r: store.BoardSummaryRow): WhiteboardSummary => ({
  id: r.id,
  title: r.title,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const missing = () => notFound(WHITEBOARD_MSG.notFound);

export async function listBoards(ctx: BoardsContext, userId: number): Promise<{ list: WhiteboardSummary[] }> {
  const rows = await store.listBoards(ctx.database.db, userId, WHITEBOARD_MAX_PER_USER);
  return { list: rows.map(summary) };
}

export async function createBoard(ctx: BoardsContext, userId: number, title: string): Promise<WhiteboardSummary> {
  // Counted then inserted without a lock: two creates racing at the cap can make it one over, which is harmless.
  if ((await store.countBoards(ctx.database.db, userId)) >= WHITEBOARD_MAX_PER_USER) {
    throw new AppError(Code.FAILED, WHITEBOARD_MSG.tooMany(WHITEBOARD_MAX_PER_USER));
  }
  return summary(await store.insertBoard(ctx.database.db, userId, title));
}

/** A stored scene back as an object; a row that cannot be read (never written by us) opens as an empty board. */
function readScene(text: string): WhiteboardScene | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as WhiteboardScene;
  } catch {
    return null;
  }
}

export async function getBoard(ctx: BoardsContext, userId: number, id: number): Promise<WhiteboardDetail> {
  const row = await store.findBoard(ctx.database.db, userId, id);
  if (!row) throw missing();
  return { ...summary(row), scene: readScene(row.scene) };
}

export async function renameBoard(ctx: BoardsContext, userId: number, id: number, title: string): Promise<WhiteboardSummary> {
  const row = await store.renameBoard(ctx.database.db, userId, id, title);
  if (!row) throw missing();
  return summary(row);
}

/** Serialize and cap the scene (bytes of UTF-8 JSON, what the row holds), then save it over the old one. */
export async function saveBoardScene(ctx: BoardsContext, userId: number, id: number, scene: WhiteboardScene): Promise<WhiteboardSummary> {
  const text = JSON.stringify(scene);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > WHITEBOARD_SCENE_MAX_BYTES) throw badRequest(WHITEBOARD_MSG.sceneTooLarge(Math.floor(WHITEBOARD_SCENE_MAX_BYTES / 1024)));
  const row = await store.saveScene(ctx.database.db, userId, id, text, bytes);
  if (!row) throw missing();
  return summary(row);
}

export async function deleteBoard(ctx: BoardsContext, userId: number, id: number): Promise<void> {
  if (!(await store.deleteBoard(ctx.database.db, userId, id))) throw missing();
}
