import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ADMIN_MONEY_MSG as M,
  AdminCardBatchCreateSchema,
  AdminCardBatchListQuerySchema,
  AdminCardBatchParamSchema,
  AdminCardCodeSchema,
  AdminCardListQuerySchema,
  AdminCashApproveSchema,
  AdminCashIdSchema,
  AdminCashListQuerySchema,
  AdminCashRefuseSchema,
  AdminOrderNoSchema,
  AdminOrderQuerySchema,
  AdminRefundSchema,
  ok,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { batchCsv, issueBatch, listBatches, listCards, voidCard } from './cards';
import { approveCashOut, listCashOuts, refuseCashOut } from './cash-outs';
import { attachment } from './csv';
import { listOrders, ordersCsv } from './orders';
import { refundOrder } from './refund';

function adminActor(req: FastifyRequest) {
  return { kind: 'admin' as const, id: requireAdmin(req).id, ip: req.ip };
}

const CSV_TYPE = 'text/csv; charset=utf-8';
const stamp = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/**
 * The money area of the operator's API (docs/api.md "Admin money"): orders, their CSV and refunds, membership card
 * batches, cash-out review. Every handler's first line is requireAdmin (visitors 401, other accounts 403).
 */
export async function registerAdminMoneyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/admin/orders', async (req) => {
    requireAdmin(req);
    return ok(await listOrders(ctx, parse(AdminOrderQuerySchema, req.query)));
  });

  app.get('/admin/orders.csv', async (req, reply) => {
    requireAdmin(req);
    const q = parse(AdminOrderQuerySchema, req.query);
    return reply.type(CSV_TYPE).header('content-disposition', attachment(`orders-${stamp()}.csv`)).send(ordersCsv(ctx, q));
  });

  app.post<{ Params: { id: string } }>('/admin/orders/:id/refund', async (req) => {
    const actor = adminActor(req);
    const { id } = parse(AdminOrderNoSchema, req.params);
    const { reason } = parse(AdminRefundSchema, req.body);
    return ok(await refundOrder(ctx, actor, id, reason), M.moneyRefundDone);
  });

  app.post('/admin/cards/batches', async (req) => {
    const actor = adminActor(req);
    const body = parse(AdminCardBatchCreateSchema, req.body);
    const out = await issueBatch(ctx, actor, body);
    return ok(out, M.moneyCardsIssued(out.codes.length));
  });

  app.get('/admin/cards/batches', async (req) => {
    requireAdmin(req);
    return ok(await listBatches(ctx, parse(AdminCardBatchListQuerySchema, req.query)));
  });

  app.get<{ Params: { batch: string } }>('/admin/cards/batches/:batch/cards.csv', async (req, reply) => {
    requireAdmin(req);
    const { batch } = parse(AdminCardBatchParamSchema, req.params);
    const csv = await batchCsv(ctx, batch);
    return reply.type(CSV_TYPE).header('content-disposition', attachment(`cards-${batch.replace(/[^A-Za-z0-9_-]/g, '_')}.csv`)).send(csv);
  });

  app.get('/admin/cards', async (req) => {
    requireAdmin(req);
    return ok(await listCards(ctx, parse(AdminCardListQuerySchema, req.query)));
  });

  app.post<{ Params: { code: string } }>('/admin/cards/:code/void', async (req) => {
    const actor = adminActor(req);
    const { code } = parse(AdminCardCodeSchema, req.params);
    return ok(await voidCard(ctx, actor, code), M.moneyCardVoidDone);
  });

  app.get('/admin/cash-outs', async (req) => {
    requireAdmin(req);
    return ok(await listCashOuts(ctx, parse(AdminCashListQuerySchema, req.query)));
  });

  app.post<{ Params: { id: string } }>('/admin/cash-outs/:id/approve', async (req) => {
    const actor = adminActor(req);
    const { id } = parse(AdminCashIdSchema, req.params);
    const { transferRef } = parse(AdminCashApproveSchema, req.body);
    return ok(await approveCashOut(ctx, actor, id, transferRef), M.moneyCashApproved);
  });

  app.post<{ Params: { id: string } }>('/admin/cash-outs/:id/refuse', async (req) => {
    const actor = adminActor(req);
    const { id } = parse(AdminCashIdSchema, req.params);
    const { reason } = parse(AdminCashRefuseSchema, req.body);
    return ok(await refuseCashOut(ctx, actor, id, reason), M.moneyCashRefused);
  });
}
