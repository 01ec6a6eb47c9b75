import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import sharp from 'sharp';
import {
  ADMIN_MODERATION_MSG as M,
  Code,
  MSG,
  type AdminAuditItem,
  type Envelope,
  type ImgCreationPage,
  type ImgPublishPage,
  type ImgTaskStatus,
  type ModChatReportItem,
  type ModImageItem,
  type ModModelItem,
  type ModPage,
  type ModPersonaItem,
  type PersonaItem,
  type SharedModelCard,
  type SharedModelPage,
} from '@wanxiang/contract';
import { randomIp, type TestApp } from '../../../test/app';
import { startAdminApp } from '../../../test/admin-fixture';
import { testDbKinds } from '../../../test/db';
import type { RunningTaskEngine } from '../../jobs';
import { saveFile } from '../files/service';
import { startTasks } from '../tasks/lifecycle';
import { submitToolTask } from '../tasks/service';

/**
 * The moderation area through the API, on every database kind: each queue and action, what the author and the public
 * see afterwards (a refused persona's reason for its author, a taken-down model gone from 模型广场, a taken-down
 * picture gone from 作品广场 but marked in its author's 我的作品), a second admin's action on a handled item refused,
 * audit rows with before/after, Chinese 400s, and the role checks.
 */
describe.each(testDbKinds())('admin moderation on %s', (kind) => {
  let t: TestApp;
  let engine: RunningTaskEngine;
  let admin: string;
  let admin2: string;

  beforeAll(async () => {
    // Two reports of accounts of any age hide a card or a picture, so the "hidden by reports" paths are reachable.
    const a = await startAdminApp(kind, {
      admins: 2,
      env: { TASK_POLL_MAX_MS: '100', SHARED_MODEL_REPORT_HIDE: '2', SHARED_MODEL_REPORT_MIN_ACCOUNT_DAYS: '0' },
    });
    t = a.t;
    [admin, admin2] = a.admins.map((x) => x.token) as [string, string];
    engine = await startTasks(t.ctx, pino({ level: 'silent' }), { workers: true });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: token ? { token } : {}, remoteAddress: randomIp(), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json<Envelope<T>>(), headers: res.headers };
  };
  const auditOf = async (target: string): Promise<AdminAuditItem[]> =>
    (await call<{ list: AdminAuditItem[] }>('GET', `/api/admin/audit?action=moderation.&target=${target}`, admin)).body.data.list;

  it('refuses visitors (401) and plain users (403) on every moderation route', async () => {
    const user = await t.loginAs();
    const routes: ['GET' | 'POST', string][] = [
      ['GET', '/api/admin/moderation/personas'],
      ['POST', '/api/admin/moderation/personas/1/approve'],
      ['POST', '/api/admin/moderation/personas/1/reject'],
      ['GET', '/api/admin/moderation/model-reports'],
      ['POST', '/api/admin/moderation/model-reports/1/dismiss'],
      ['POST', '/api/admin/moderation/model-reports/1/takedown'],
      ['GET', '/api/admin/moderation/chat-reports'],
      ['POST', '/api/admin/moderation/chat-reports/1/dismiss'],
      ['POST', '/api/admin/moderation/chat-reports/1/confirm'],
      ['GET', '/api/admin/moderation/images'],
      ['POST', '/api/admin/moderation/images/1/takedown'],
      ['POST', '/api/admin/moderation/images/1/restore'],
      ['GET', '/api/admin/moderation/images/1/thumb'],
      ['GET', '/api/admin/moderation/images/1/image'],
    ];
    for (const [method, url] of routes) {
      expect((await call(method, url, undefined, method === 'POST' ? {} : undefined)).status, url).toBe(401);
      const asUser = await call(method, url, user.token, method === 'POST' ? {} : undefined);
      expect([asUser.status, asUser.body.msg], url).toEqual([403, MSG.adminForbidden]);
    }
  });

  it('reviews personas: the queue, approve for everyone, reject with the reason only its author sees, once', async () => {
    const author = await t.loginAs();
    const stranger = await t.loginAs();
    const add = async (title: string) =>
      (
        await call<PersonaItem>('POST', '/api/persona', author.token, {
          title,
          description: '审核测试',
          avatar: 'https://example.com/r.png',
          context: [
            { role: 'system', content: '你是一位测试角色。' },
            { role: 'assistant', content: '你好，有什么可以帮你？' },
          ],
        })
      ).body.data.id;
    const good = await add('好角色');
    const bad = await add('坏角色');

    const queue = await call<ModPage<ModPersonaItem>>('GET', '/api/admin/moderation/personas?status=pending&size=100', admin);
    expect(queue.status).toBe(200);
    const mine = queue.body.data.list.filter((p) => p.author?.id === author.user.id);
    expect(mine.map((p) => p.id)).toEqual([good, bad]);
    expect(mine[0]).toMatchObject({ title: '好角色', status: 'pending', author: { id: author.user.id } });
    expect(queue.body.data.total).toBeGreaterThanOrEqual(2);

    const approved = await call<ModPersonaItem>('POST', `/api/admin/moderation/personas/${good}/approve`, admin);
    expect(approved.body).toMatchObject({ code: 200, msg: M.modPersonaApproved, data: { status: 'approved' } });
    expect((await call<PersonaItem>('GET', `/api/persona/${good}`, stranger.token)).body.data.status).toBe(1);

    // Empty reason: 400 in Chinese, nothing changed.
    const noReason = await call('POST', `/api/admin/moderation/personas/${bad}/reject`, admin, { reason: '  ' });
    expect([noReason.status, noReason.body.msg]).toEqual([400, M.modRejectReasonInvalid]);
    const rejected = await call<ModPersonaItem>('POST', `/api/admin/moderation/personas/${bad}/reject`, admin, { reason: '含有不当内容' });
    expect(rejected.body).toMatchObject({ code: 200, msg: M.modPersonaRejected, data: { status: 'refused', reviewReason: '含有不当内容' } });

    // The author sees it refused with the reason; someone else does not see it at all.
    expect((await call<PersonaItem>('GET', `/api/persona/${bad}`, author.token)).body.data).toMatchObject({ status: 2, reviewReason: '含有不当内容' });
    expect((await call('GET', `/api/persona/${bad}`, stranger.token)).status).toBe(404);

    // A second reviewer on either: refused, nothing changed, no second audit row.
    for (const [id, verb] of [[good, 'reject'], [bad, 'approve']] as const) {
      const again = await call('POST', `/api/admin/moderation/personas/${id}/${verb}`, admin2, { reason: '重复审核' });
      expect([again.status, again.body.code, again.body.msg]).toEqual([200, Code.FAILED, M.modPersonaNotPending]);
    }
    expect((await call<PersonaItem>('GET', `/api/persona/${bad}`, author.token)).body.data.status).toBe(2);
    expect((await call('POST', '/api/admin/moderation/personas/999999999/approve', admin)).body).toMatchObject({ code: 404, msg: M.modPersonaNotFound });

    const refusedQueue = await call<ModPage<ModPersonaItem>>('GET', '/api/admin/moderation/personas?status=refused', admin);
    expect(refusedQueue.body.data.list.some((p) => p.id === bad && p.reviewReason === '含有不当内容')).toBe(true);

    expect(await auditOf(`persona:${bad}`)).toMatchObject([
      { action: 'moderation.persona_reject', actorKind: 'admin', before: { status: 'pending' }, after: { status: 'refused', reason: '含有不当内容' } },
    ]);
    expect(await auditOf(`persona:${good}`)).toMatchObject([{ action: 'moderation.persona_approve', after: { status: 'approved' } }]);
  });

  const chat2 = async <T>(path: string, token: string, payload: unknown) => call<T>('POST', `/api/v1/chat2/${path}`, token, payload);
  const newCard = async (token: string, name: string) =>
    (await chat2<{ id: number }>('createModel', token, { name, description: '测试', api_url: 'https://1.2.3.4/v1', model_id: 'm-1', functions: ['llm'] })).body.data.id;
  const onSquare = async (name: string) => (await chat2<SharedModelPage>('getModels', admin, { page: 1, keyword: name })).body.data.list.length;

  it('settles shared-model reports: dismiss lists a hidden card again; take-down removes it from 模型广场', async () => {
    const author = await t.loginAs();
    const r1 = await t.loginAs();
    const r2 = await t.loginAs();
    const keep = await newCard(author.token, '待驳回模型');
    const drop = await newCard(author.token, '待下架模型');
    for (const r of [r1, r2]) await chat2('reportModel', r.token, { mid: keep, reason: '误报' });
    await chat2('reportModel', r1.token, { mid: drop, reason: '冒充官方' });
    expect(await onSquare('待驳回模型')).toBe(0); // hidden by two reports

    const queue = await call<ModPage<ModModelItem>>('GET', '/api/admin/moderation/model-reports?status=open&size=100', admin);
    const item = queue.body.data.list.find((m) => m.id === keep)!;
    expect(item).toMatchObject({ name: '待驳回模型', cardStatus: 4, author: { id: author.user.id } });
    expect(item.reports.map((r) => r.reporter.id).sort()).toEqual([r1.user.id, r2.user.id].sort());
    expect(item.reports[0]).toMatchObject({ reason: '误报', status: 'open' });

    const dismissed = await call('POST', `/api/admin/moderation/model-reports/${keep}/dismiss`, admin, { note: '内容正常' });
    expect(dismissed.body).toMatchObject({ code: 200, msg: M.modModelDismissed, data: { cardStatus: 1, reportsSettled: 2 } });
    expect(await onSquare('待驳回模型')).toBe(1);
    // A dismissed batch does not hide it again: one more report is below the threshold of open ones.
    await chat2('reportModel', (await t.loginAs()).token, { mid: keep, reason: '再次举报' });
    expect(await onSquare('待驳回模型')).toBe(1);

    const noReason = await call('POST', `/api/admin/moderation/model-reports/${drop}/takedown`, admin, {});
    expect([noReason.status, noReason.body.msg]).toEqual([400, M.modTakedownReasonInvalid]);
    const down = await call('POST', `/api/admin/moderation/model-reports/${drop}/takedown`, admin, { reason: '冒充官方服务' });
    expect(down.body).toMatchObject({ code: 200, msg: M.modModelTakenDown, data: { cardStatus: 5 } });
    expect(await onSquare('待下架模型')).toBe(0);
    expect((await chat2('getModelById', r2.token, { mid: drop })).status).toBe(404);
    // Its author still has it in 我的, with the reason; a card that was not taken down carries none.
    const mine = (await chat2<SharedModelPage>('getModels', author.token, { page: 1, url: 'mine' })).body.data.list;
    expect(mine.find((c) => c.id === drop)).toMatchObject({ takedown_reason: '冒充官方服务' });
    expect(mine.find((c) => c.id === keep)).not.toHaveProperty('takedown_reason');
    expect((await chat2<SharedModelCard>('getModelById', author.token, { mid: drop })).body.data).toMatchObject({ id: drop, takedown_reason: '冒充官方服务' });
    // Nobody else gets the reason: the card is gone for them, and no card another user reads carries one.
    expect(JSON.stringify((await chat2<SharedModelPage>('getModels', r2.token, { page: 1, keyword: '待' })).body.data)).not.toContain('takedown_reason');
    expect(JSON.stringify((await chat2('getModelById', r2.token, { mid: drop })).body)).not.toContain('冒充官方服务');

    const again = await call('POST', `/api/admin/moderation/model-reports/${drop}/dismiss`, admin2, {});
    expect(again.body).toMatchObject({ code: Code.FAILED, msg: M.modModelNoOpenReports });
    expect((await call('POST', '/api/admin/moderation/model-reports/999999999/dismiss', admin, {})).body).toMatchObject({ code: 404, msg: M.modModelNotFound });

    const handled = await call<ModPage<ModModelItem>>('GET', '/api/admin/moderation/model-reports?status=actioned&size=100', admin);
    expect(handled.body.data.list.find((m) => m.id === drop)).toMatchObject({ cardStatus: 5, reports: [{ status: 'actioned', reason: '冒充官方' }] });
    expect(await auditOf(`shared_model:${drop}`)).toMatchObject([
      { action: 'moderation.model_takedown', before: { cardStatus: 1, openReports: 1 }, after: { cardStatus: 5, reason: '冒充官方服务', reporters: [r1.user.id] } },
    ]);
    expect(await auditOf(`shared_model:${keep}`)).toMatchObject([{ action: 'moderation.model_dismiss', before: { cardStatus: 4, openReports: 2 }, after: { cardStatus: 1, note: '内容正常' } }]);
  });

  it('settles chat-reply reports: the reporter and the reply shown, dismiss or confirm once', async () => {
    const reporter = await t.loginAs();
    const report = async (excerpt: string) =>
      (
        await call<{ id: number }>('POST', '/api/v1/chat/message/report', reporter.token, {
          messageId: `reply-${excerpt}`,
          conversationId: 'conv-1',
          model: 'deepseek_v3',
          category: 3,
          reason: '回答里有辱骂',
          excerpt,
        })
      ).body.data.id;
    const a = await report('第一条被举报的回答');
    const b = await report('第二条被举报的回答');

    const queue = await call<ModPage<ModChatReportItem>>('GET', '/api/admin/moderation/chat-reports?size=100', admin);
    expect(queue.body.data.list.find((r) => r.id === a)).toMatchObject({
      reporter: { id: reporter.user.id },
      excerpt: '第一条被举报的回答',
      category: 3,
      reason: '回答里有辱骂',
      model: 'deepseek_v3',
      status: 'open',
    });
    const tooLong = await call('POST', `/api/admin/moderation/chat-reports/${a}/confirm`, admin, { note: '长'.repeat(201) });
    expect([tooLong.status, tooLong.body.msg]).toEqual([400, M.modNoteInvalid]);
    expect((await call('POST', `/api/admin/moderation/chat-reports/${a}/confirm`, admin, { note: '已反馈模型厂商' })).body).toMatchObject({ code: 200, msg: M.modChatConfirmed, data: { status: 'actioned' } });
    expect((await call('POST', `/api/admin/moderation/chat-reports/${b}/dismiss`, admin)).body).toMatchObject({ code: 200, msg: M.modChatDismissed, data: { status: 'dismissed' } });
    expect((await call('POST', `/api/admin/moderation/chat-reports/${b}/confirm`, admin2, {})).body).toMatchObject({ code: Code.FAILED, msg: M.modChatReportHandled });
    expect((await call('POST', '/api/admin/moderation/chat-reports/999999999/dismiss', admin, {})).body).toMatchObject({ code: 404, msg: M.modChatReportNotFound });

    const open = await call<ModPage<ModChatReportItem>>('GET', '/api/admin/moderation/chat-reports?status=open&size=100', admin);
    expect(open.body.data.list.some((r) => r.id === a || r.id === b)).toBe(false);
    const actioned = await call<ModPage<ModChatReportItem>>('GET', '/api/admin/moderation/chat-reports?status=actioned', admin);
    expect(actioned.body.data.list.find((r) => r.id === a)).toMatchObject({ handleNote: '已反馈模型厂商' });
    expect(await auditOf(`message_report:${a}`)).toMatchObject([{ action: 'moderation.chat_confirm', before: { status: 'open' }, after: { status: 'actioned', note: '已反馈模型厂商' } }]);
  });

  /** A picture the author made (a real task run) and published to 作品广场. */
  const publishPicture = async (author: { token: string; user: { id: number } }, title: string) => {
    const body = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#d42a7f' } })
      .png()
      .toBuffer();
    const image = (await saveFile(t.ctx, { userId: author.user.id, name: 'p.png', contentType: 'image/png', body, purpose: 'upload' })).id;
    const { task_id } = await submitToolTask(t.ctx, { id: author.user.id, vip: 0 }, 'aiImgEffect', { image, effect: 'sketch' });
    await expect
      .poll(async () => (await call<ImgTaskStatus>('GET', `/api/v1/img/query?task_id=${task_id}`, author.token)).body.data.status, { timeout: 15_000 })
      .toBe('succeeded');
    const pid = (await call<{ id: number }>('POST', '/api/v1/img/publish', author.token, { title, task_id })).body.data.id;
    return { pid, task_id };
  };

  it('takes a picture off 作品广场 with a reason the author sees, and restores it', async () => {
    const author = await t.loginAs();
    const { pid, task_id } = await publishPicture(author, '审核作品');
    const onSquare = async () => (await call<ImgPublishPage>('GET', '/api/v1/img/publishs?page=1')).body.data.list.some((p) => p.id === pid);
    expect(await onSquare()).toBe(true);

    const listed = await call<ModPage<ModImageItem>>('GET', '/api/admin/moderation/images?status=listed&size=100', admin);
    const item = listed.body.data.list.find((p) => p.id === pid)!;
    expect(item).toMatchObject({ title: '审核作品', status: 'listed', author: { id: author.user.id }, reports: 0, thumbUrl: `/api/admin/moderation/images/${pid}/thumb` });

    const down = await call('POST', `/api/admin/moderation/images/${pid}/takedown`, admin, { reason: '侵犯他人肖像' });
    expect(down.body).toMatchObject({ code: 200, msg: M.modImageTakenDown, data: { status: 'taken_down' } });
    expect(await onSquare()).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/img/published/${pid}/thumb` })).statusCode).toBe(404);
    // The author's own list keeps it, marked with the reason.
    const creations = await call<ImgCreationPage>('GET', '/api/v1/img/creations', author.token);
    expect(creations.body.data.list.find((c) => c.task_id === task_id)).toMatchObject({ publishedId: pid, takedownReason: '侵犯他人肖像' });
    // The console still shows its thumbnail to an admin, and to no one else.
    const thumb = await t.app.inject({ method: 'GET', url: `/api/admin/moderation/images/${pid}/thumb`, headers: { token: admin } });
    expect([thumb.statusCode, thumb.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/moderation/images/${pid}/thumb`, headers: { token: author.token } })).statusCode).toBe(403);

    expect((await call('POST', `/api/admin/moderation/images/${pid}/takedown`, admin2, { reason: '重复' })).body).toMatchObject({ code: Code.FAILED, msg: M.modImageAlreadyDown });
    const takenDown = await call<ModPage<ModImageItem>>('GET', '/api/admin/moderation/images?status=taken_down', admin);
    expect(takenDown.body.data.list.find((p) => p.id === pid)).toMatchObject({ takedownReason: '侵犯他人肖像' });

    expect((await call('POST', `/api/admin/moderation/images/${pid}/restore`, admin)).body).toMatchObject({ code: 200, msg: M.modImageRestored, data: { status: 'listed' } });
    expect(await onSquare()).toBe(true);
    expect((await call<ImgCreationPage>('GET', '/api/v1/img/creations', author.token)).body.data.list.find((c) => c.task_id === task_id)?.takedownReason).toBeNull();
    expect((await call('POST', `/api/admin/moderation/images/${pid}/restore`, admin2)).body).toMatchObject({ code: Code.FAILED, msg: M.modImageNotDown });
    expect((await call('POST', '/api/admin/moderation/images/999999999/restore', admin)).body).toMatchObject({ code: 404, msg: M.modImageNotFound });

    expect(await auditOf(`img_publish:${pid}`)).toMatchObject([
      { action: 'moderation.image_restore', before: { status: 'taken_down', reason: '侵犯他人肖像' }, after: { status: 'listed' } },
      { action: 'moderation.image_takedown', before: { status: 'listed' }, after: { status: 'taken_down', reason: '侵犯他人肖像' } },
    ]);
  }, 60_000);

  it('counts only reports filed after a restore towards hiding a picture again', async () => {
    const author = await t.loginAs();
    const { pid } = await publishPicture(author, '恢复后作品');
    const statusOf = async () => {
      for (const status of ['listed', 'hidden', 'taken_down'] as const) {
        const page = await call<ModPage<ModImageItem>>('GET', `/api/admin/moderation/images?status=${status}&size=100`, admin);
        if (page.body.data.list.some((p) => p.id === pid)) return status;
      }
      return 'missing';
    };
    const report = async (token: string) => (await call('POST', '/api/v1/img/publish_report', token, { id: pid, reason: 'porn' })).body;
    const reportsShown = async () => (await call<ModPage<ModImageItem>>('GET', '/api/admin/moderation/images?status=listed&size=100', admin)).body.data.list.find((p) => p.id === pid)?.reports;
    const [r1, r2, r3] = [await t.loginAs(), await t.loginAs(), await t.loginAs()];

    // Two reports (the threshold here) hide it; the admin judges them and lists it again.
    for (const r of [r1, r2]) expect(await report(r.token)).toMatchObject({ code: 200 });
    expect(await statusOf()).toBe('hidden');
    expect((await call('POST', `/api/admin/moderation/images/${pid}/restore`, admin)).body).toMatchObject({ code: 200, data: { status: 'listed' } });
    // The console counts what counts now: the judged reports are not shown as pending against it.
    expect(await reportsShown()).toBe(0);

    // One new report: with the two old ones that would be three, but the old ones were judged, so it stays listed.
    expect(await report(r3.token)).toMatchObject({ code: 200 });
    expect(await statusOf()).toBe('listed');
    expect(await reportsShown()).toBe(1);
    // Reporting twice since the last restore is still refused.
    expect(await report(r3.token)).toMatchObject({ code: Code.FAILED, msg: MSG.imgReportedBefore });
    // A reporter whose report the restore judged may report anew, and that new report counts: two since the restore.
    expect(await report(r1.token)).toMatchObject({ code: 200 });
    expect(await statusOf()).toBe('hidden');
  }, 60_000);

  it('answers bad queue filters and ids with Chinese 400s', async () => {
    const cases: [string, string][] = [
      ['/api/admin/moderation/personas?status=deleted', M.modPersonaStatusInvalid],
      ['/api/admin/moderation/model-reports?status=x', M.modReportStatusInvalid],
      ['/api/admin/moderation/chat-reports?page=0', MSG.adminPageInvalid],
      ['/api/admin/moderation/images?status=gone', M.modImageStatusInvalid],
      ['/api/admin/moderation/images?size=1000', MSG.adminSizeInvalid],
      ['/api/admin/moderation/images/abc/thumb', M.modIdInvalid],
    ];
    for (const [url, msg] of cases) {
      const r = await call('GET', url, admin);
      expect([r.status, r.body.code, r.body.msg], url).toEqual([400, 400, msg]);
    }
    const r = await call('POST', '/api/admin/moderation/personas/-3/approve', admin);
    expect([r.status, r.body.msg]).toEqual([400, M.modIdInvalid]);
  });
});
