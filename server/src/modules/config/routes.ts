import type { FastifyInstance } from 'fastify';
import { ModelDetailsQuerySchema, ModelWebQuerySchema, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { parse } from '../../http/validate';
import { liveModelConfig } from './service';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Model configuration (docs/product/chat.md §7): public, answered from a cache rebuilt when the catalog changes. */
export async function registerConfigRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const answers = liveModelConfig(ctx);

  app.get('/v1/config/model/web', async (req, reply) => {
    const q = parse(ModelWebQuerySchema, req.query);
    return reply.type(JSON_TYPE).send(answers().web(Boolean(q.invite_code)));
  });

  // Web-search sources (docs/product/search.md §4): catalog data, with whether a backend is on (the console may switch
  // SearXNG on or off without a restart, so it is read per request).
  app.get('/v1/config/model/internet', async (_req, reply) => reply.type(JSON_TYPE).send(JSON.stringify(ok(ctx.webSearch.describe()))));

  app.get('/v2/config/model/groups', async (req, reply) => {
    parse(ModelWebQuerySchema, req.query);
    return reply.type(JSON_TYPE).send(answers().groups());
  });

  // The spec names this call with a {key} payload and no method: the query (GET) or the body (POST).
  app.get('/v2/config/model/details', async (req, reply) => {
    const q = parse(ModelDetailsQuerySchema, req.query);
    return reply.type(JSON_TYPE).send(answers().details(q.key, Boolean(q.invite_code)));
  });
  app.post('/v2/config/model/details', async (req, reply) => {
    const q = parse(ModelDetailsQuerySchema, req.body);
    return reply.type(JSON_TYPE).send(answers().details(q.key, Boolean(q.invite_code)));
  });
}
