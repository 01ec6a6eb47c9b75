import type { FastifyInstance } from 'fastify';
import {
  ok,
  WHITEBOARD_MSG,
  WhiteboardCreateSchema,
  WhiteboardDiagramSchema,
  WhiteboardIdSchema,
  WhiteboardRenameSchema,
  WhiteboardSceneSchema,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { createBoard, deleteBoard, getBoard, listBoards, renameBoard, saveBoardScene } from './boards';
import { generateDiagram } from './diagram';

/** Diagrams per user per minute, on top of the daily tool_generate count (unlimited tiers have none). */
export const DIAGRAMS_PER_MINUTE = 10;

/**
 * The AI whiteboard (/whiteboard; docs/api.md "AI whiteboard"): the user's boards (list, create,
 * read, rename, save the scene, delete; owner-only, another user's board answers 404) and the
 * text -> Mermaid call. Everything needs a login.
 */
export async function registerWhiteboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/v1/whiteboards', async (req) => {
    const user = requireUser(req);
    return ok(await listBoards(ctx, user.id));
  });

  app.post('/v1/whiteboards', async (req) => {
    const user = requireUser(req);
    const { title } = parse(WhiteboardCreateSchema, req.body ?? {});
    return ok(await createBoard(ctx, user.id, title), WHITEBOARD_MSG.created);
  });

  app.post('/v1/whiteboards/diagram', async (req) => {
    const user = requireUser(req);
    const { text, kind } = parse(WhiteboardDiagramSchema, req.body);
    await enforce(ctx.kv, `whiteboard:diagram:${user.id}`, 60, DIAGRAMS_PER_MINUTE);
    return ok(await generateDiagram(ctx, user, text, kind));
  });

  app.get<{ Params: { id: string } }>('/v1/whiteboards/:id', async (req) => {
    const user = requireUser(req);
    return ok(await getBoard(ctx, user.id, parse(WhiteboardIdSchema, req.params).id));
  });

  app.patch<{ Params: { id: string } }>('/v1/whiteboards/:id', async (req) => {
    const user = requireUser(req);
    const { id } = parse(WhiteboardIdSchema, req.params);
    const { title } = parse(WhiteboardRenameSchema, req.body);
    return ok(await renameBoard(ctx, user.id, id, title), WHITEBOARD_MSG.renamed);
  });

  app.put<{ Params: { id: string } }>('/v1/whiteboards/:id/scene', async (req) => {
    const user = requireUser(req);
    const { id } = parse(WhiteboardIdSchema, req.params);
    const { scene } = parse(WhiteboardSceneSchema, req.body);
    return ok(await saveBoardScene(ctx, user.id, id, scene), WHITEBOARD_MSG.saved);
  });

  app.delete<{ Params: { id: string } }>('/v1/whiteboards/:id', async (req) => {
    const user = requireUser(req);
    await deleteBoard(ctx, user.id, parse(WhiteboardIdSchema, req.params).id);
    return ok(null, WHITEBOARD_MSG.deleted);
  });
}
