import type { FastifyInstance } from 'fastify';
import { MSG, ok, PersonaAddSchema, PersonaIdSchema, PersonaListSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { addPersona, getPersona, listPersonas, seedBuiltinPersonas } from './service';

/** New personas per user per hour: each one waits for a person to review it. */
export const PERSONA_ADDS_PER_HOUR = 20;

/**
 * Personas (docs/product/prompts-and-personas.md §7): `GET /api/v1/nika/list` (guests see approved ones; a logged-in caller
 * also sees their own of any status), `POST /api/persona` (login required; starts pending), and
 * `GET /api/persona/:id` for the view dialog and the chat header. Built-ins are seeded here.
 */
export async function registerPersonaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await seedBuiltinPersonas(ctx);

  app.get('/v1/nika/list', async (req) => {
    return ok(await listPersonas(ctx, req.authUser?.id ?? null, parse(PersonaListSchema, req.query)));
  });

  app.get<{ Params: { id: string } }>('/persona/:id', async (req) => {
    return ok(await getPersona(ctx, req.authUser?.id ?? null, parse(PersonaIdSchema, req.params).id));
  });

  app.post('/persona', async (req) => {
    const user = requireUser(req);
    const input = parse(PersonaAddSchema, req.body);
    await enforce(ctx.kv, `persona:add:${user.id}`, 3600, PERSONA_ADDS_PER_HOUR);
    return ok(await addPersona(ctx, user.id, input), MSG.personaSubmitted);
  });
}
