import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, SHARE_MSG as M, type Envelope, type ShareCreateRes, type ShareListRes } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { saveReply, savePrompt } from '../history/service';

const run = promisify(execFile);

/** Share links and chat export over HTTP: owner only, the public page shows the text and nothing private, revoke. */
describe.each(testDbKinds())('share and export on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const api = async <T>(method: 'GET' | 'POST', url: string, token: string | undefined, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: token ? { token } : {}, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };

  /** A user with one chat: a question and a markdown answer (with a script the page must not carry). */
  async function userWithChat(id: string) {
    const login = await t.loginAs();
    await savePrompt(t.ctx, login.user.id, { id, model: 'v35' }, { id: `${id}-q`, content: '长城有多长？' });
    await saveReply(t.ctx, login.user.id, id, {
      id: `${id}-a`,
      model: 'v35',
      state: 'ok',
      content: '长城全长约 **21196 千米**。\n\n<script>alert(1)</script><img src="https://x.test/a.png" onerror="alert(2)">\n\n- 始建于春秋战国',
    });
    return login;
  }

  it('owner creates a link; the public page has the text and none of the private fields; revoke makes it 404', async () => {
    const { token, user } = await userWithChat('c-share-1');
    expect((await api('POST', '/v1/share/create', undefined, { kind: 'chat', id: 'c-share-1' })).status).toBe(401);

    const made = await api<ShareCreateRes>('POST', '/v1/share/create', token, { kind: 'chat', id: 'c-share-1' });
    expect(made.body).toMatchObject({ code: 200, msg: M.shareCreated });
    expect(made.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(made.body.data.url).toMatch(new RegExp(`/s/${made.body.data.token}$`));
    // The same target again answers the same live link.
    expect((await api<ShareCreateRes>('POST', '/v1/share/create', token, { kind: 'chat', id: 'c-share-1' })).body.data.token).toBe(made.body.data.token);

    const list = await api<ShareListRes>('GET', '/v1/share/list', token);
    expect(list.body.data.list).toEqual([expect.objectContaining({ token: made.body.data.token, kind: 'chat', targetId: 'c-share-1', title: '长城有多长？' })]);

    const page = await t.app.inject({ method: 'GET', url: `/s/${made.body.data.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.body;
    expect(html).toContain('<title>长城有多长？ - 万象 AI</title>');
    expect(html).toContain('<meta property="og:title" content="长城有多长？ - 万象 AI">');
    expect(html).toContain('<meta property="og:description" content="长城有多长？">');
    expect(html).toContain('<strong>21196 千米</strong>');
    expect(html).toContain('<li>始建于春秋战国</li>');
    expect(html).toContain(MSG.aiDisclaimer);
    expect(html).toContain('<a class="brand" href="/">万象 AI</a>');
    // Nothing that runs, no pictures, nothing of the account.
    expect(html).not.toMatch(/<script|onerror|<img|alert\(/i);
    for (const secret of [user.phone, user.nick, user.account, user.email, user.avatar, user.token].filter((s): s is string => typeof s === 'string' && s.length > 2)) {
      expect(html, secret).not.toContain(secret);
    }

    // Another user can neither share this conversation nor revoke the owner's link (both read as not found).
    const other = await t.loginAs();
    expect((await api('POST', '/v1/share/create', other.token, { kind: 'chat', id: 'c-share-1' })).body).toMatchObject({ code: Code.NOT_FOUND, msg: M.shareTargetNotFound });
    expect((await api('POST', '/v1/share/revoke', other.token, { token: made.body.data.token })).body).toMatchObject({ code: Code.NOT_FOUND, msg: M.shareNotFound });
    expect((await api<ShareListRes>('GET', '/v1/share/list', other.token)).body.data.list).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/s/${made.body.data.token}` })).statusCode).toBe(200);

    expect((await api('POST', '/v1/share/revoke', token, { token: made.body.data.token })).body).toMatchObject({ code: 200, msg: M.shareRevoked });
    const gone = await t.app.inject({ method: 'GET', url: `/s/${made.body.data.token}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('text/html');
    expect(gone.body).toContain(M.pageNotFound);
    expect(gone.body).not.toContain('21196');
    expect((await api('POST', '/v1/share/revoke', token, { token: made.body.data.token })).body.code).toBe(Code.NOT_FOUND);
    expect((await api<ShareListRes>('GET', '/v1/share/list', token)).body.data.list).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/s/no-such-token' })).statusCode).toBe(404);
  });

  it('the list (我的分享) holds only the live links of the caller, with each kind and title; another user cannot list or revoke them', async () => {
    const owner = await userWithChat('c-share-list');
    const round = { groupId: 'b-share-list', question: { id: 'blq', content: '比较两种茶' }, answers: [{ id: 'bla', model: 'v35', content: '各有千秋。' }] };
    expect((await api('POST', '/v2/chat/groups/record/add', owner.token, round)).body.code).toBe(200);
    const chat = (await api<ShareCreateRes>('POST', '/v1/share/create', owner.token, { kind: 'chat', id: 'c-share-list' })).body.data;
    const battle = (await api<ShareCreateRes>('POST', '/v1/share/create', owner.token, { kind: 'battle', id: 'b-share-list' })).body.data;

    const other = await userWithChat('c-share-list-other');
    const theirs = (await api<ShareCreateRes>('POST', '/v1/share/create', other.token, { kind: 'chat', id: 'c-share-list-other' })).body.data;

    const mine = (await api<ShareListRes>('GET', '/v1/share/list', owner.token)).body.data.list;
    expect(mine).toHaveLength(2);
    expect(mine).toEqual(
      expect.arrayContaining([
        { token: chat.token, kind: 'chat', targetId: 'c-share-list', title: '长城有多长？', url: chat.url, createdAt: expect.any(String) },
        { token: battle.token, kind: 'battle', targetId: 'b-share-list', title: expect.any(String), url: battle.url, createdAt: expect.any(String) },
      ]),
    );
    expect(mine.every((i) => !Number.isNaN(Date.parse(i.createdAt)))).toBe(true);
    expect((await api<ShareListRes>('GET', '/v1/share/list', other.token)).body.data.list.map((i) => i.token)).toEqual([theirs.token]);
    expect((await api('GET', '/v1/share/list', undefined)).status).toBe(401);

    // The owner cannot revoke the other user's link (not found), and that link still opens.
    expect((await api('POST', '/v1/share/revoke', owner.token, { token: theirs.token })).body).toMatchObject({ code: Code.NOT_FOUND, msg: M.shareNotFound });
    expect((await t.app.inject({ method: 'GET', url: `/s/${theirs.token}` })).statusCode).toBe(200);

    // A revoke from the list takes that link out of it; the other link stays.
    expect((await api('POST', '/v1/share/revoke', owner.token, { token: chat.token })).body.code).toBe(200);
    expect((await api<ShareListRes>('GET', '/v1/share/list', owner.token)).body.data.list.map((i) => i.token)).toEqual([battle.token]);
    expect((await api<ShareListRes>('GET', '/v1/share/list', other.token)).body.data.list.map((i) => i.token)).toEqual([theirs.token]);
  });

  it('bad input answers Chinese messages', async () => {
    const { token } = await t.loginAs();
    const bad: [object, string][] = [
      [{ kind: 'image', id: 'x' }, M.shareKindInvalid],
      [{ kind: 'chat' }, M.shareIdRequired],
      [{ kind: 'chat', id: 'never-made' }, M.shareTargetNotFound],
    ];
    for (const [payload, msg] of bad) expect((await api('POST', '/v1/share/create', token, payload)).body.msg, JSON.stringify(payload)).toBe(msg);
    expect((await api('POST', '/v1/share/revoke', token, {})).body).toMatchObject({ code: Code.BAD_REQUEST, msg: M.shareTokenRequired });
  });

  it('a battle is shared with each model answer under its question', async () => {
    const { token } = await t.loginAs();
    const round = {
      groupId: 'b-share',
      question: { id: 'bq1', content: '用一句话介绍杭州' },
      answers: [
        { id: 'ba1', model: 'v35', content: '杭州是**人间天堂**。' },
        { id: 'ba2', model: 'deepseek_v3', content: '杭州有西湖，面积约 $6.4\\,\\mathrm{km}^2$。' },
      ],
    };
    expect((await api('POST', '/v2/chat/groups/record/add', token, round)).body.code).toBe(200);
    const made = await api<ShareCreateRes>('POST', '/v1/share/create', token, { kind: 'battle', id: 'b-share' });
    expect(made.body.code).toBe(200);
    const html = (await t.app.inject({ method: 'GET', url: `/s/${made.body.data.token}` })).body;
    expect(html).toContain(M.pageSharedBattle);
    expect(html).toContain('用一句话介绍杭州');
    expect(html).toContain('<strong>人间天堂</strong>');
    expect(html).toContain('杭州有西湖，面积约 ');
    // The formula as MathML the browser draws (no KaTeX script or stylesheet on the page), not as raw $…$.
    expect(html).toMatch(/<math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"><semantics><mrow><mn>6.4<\/mn>.*<msup>/);
    expect(html).not.toContain('$6.4');
  });

  it('exports a chat as md, docx and pdf with the AI-content line; owner only', async () => {
    const { token } = await userWithChat('c-export');
    const get = (format: string, tok: string | null = token, id = 'c-export') =>
      t.app.inject({ method: 'GET', url: `/api/v1/chat/export/${id}?format=${format}`, headers: tok ? { token: tok } : {} });

    const md = await get('md');
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toContain('text/markdown');
    expect(md.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('长城有多长？')}`);
    expect(md.body).toContain('# 长城有多长？');
    expect(md.body).toContain('21196 千米');
    expect(md.body.trim().endsWith(MSG.aiDisclaimer)).toBe(true);

    const docx = await get('docx');
    expect(docx.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(docx.rawPayload);
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('21196 千米');
    expect(xml).toContain(MSG.aiDisclaimer);

    const pdf = await get('pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const dir = await mkdtemp(join(tmpdir(), 'wx-share-pdf-'));
    try {
      await writeFile(join(dir, 'chat.pdf'), pdf.rawPayload);
      const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', join(dir, 'chat.pdf'), '-']);
      const text = stdout.replace(/\s+/g, '');
      expect(text).toContain('21196千米');
      expect(text).toContain(MSG.aiDisclaimer.replace(/\s+/g, ''));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const other = await t.loginAs();
    expect((await get('md', other.token)).json()).toMatchObject({ code: Code.NOT_FOUND, msg: M.shareTargetNotFound });
    expect((await get('md', null)).statusCode).toBe(401);
    expect((await get('txt')).json()).toMatchObject({ code: Code.BAD_REQUEST, msg: M.exportFormatInvalid });

    // Without LibreOffice the PDF export says so in Chinese (the other formats still work).
    const bin = process.env.SOFFICE_BIN;
    process.env.SOFFICE_BIN = '/nonexistent/soffice';
    try {
      const refused = await get('pdf');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: Code.UNAVAILABLE, msg: M.exportPdfUnavailable });
    } finally {
      if (bin === undefined) delete process.env.SOFFICE_BIN;
      else process.env.SOFFICE_BIN = bin;
    }

    // A regenerated answer (a sibling under the same question) replaces the earlier one in the export.
    const owner = (await api<{ id: number }>('GET', '/v1/user/info', token)).body.data.id;
    await saveReply(t.ctx, owner, 'c-export', { id: 'c-export-a2', model: 'v35', state: 'ok', content: '重新生成的回答', parentId: 'c-export-q' });
    const again = (await get('md')).body;
    expect(again).toContain('重新生成的回答');
    expect(again).not.toContain('21196');
  }, 120_000);
});
