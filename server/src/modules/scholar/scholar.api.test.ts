import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, type AcademicResult, type ArxivItem, type Envelope, type ScholarCheckRes, type SearchPage } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { startFakeSources, type FakeSourcesServer } from '../../../test/fake-sources/server';
import { quotaUsage } from '../quota/service';

/** The text of a chat-protocol stream: every `text` event joined. */
function streamedText(body: string): string {
  return [...body.matchAll(/event: text\ndata: (.*)\n/g)].map((m) => (JSON.parse(m[1]!) as { text: string }).text).join('');
}

describe.each(testDbKinds())('scholar and arXiv routes (%s)', (kind) => {
  let t: TestApp;
  let fakes: FakeSourcesServer;
  let docs: string;
  beforeAll(async () => {
    fakes = await startFakeSources();
    docs = `${fakes.baseUrl}/scholar-docs`;
    t = await createTestApp(kind, {
      env: {
        OPENALEX_BASE_URL: `${fakes.baseUrl}/openalex`,
        ARXIV_BASE_URL: `${fakes.baseUrl}/arxiv`,
        // The fake document host is on loopback; 10.x stays refused.
        SSRF_ALLOW: '127.0.0.1',
        DEMO_TOKEN_DELAY_MS: '0',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const get = async <T>(url: string, token?: string) =>
    (await t.app.inject({ method: 'GET', url, headers: token ? { token } : {} })).json<Envelope<T>>();
  const post = (url: string, payload: unknown, token?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? { token } : {} });
  const used = async (userId: number, key: string) => (await quotaUsage(t.ctx, userId, key)).used;

  it('needs a login to search, not to browse the digest', async () => {
    expect((await get('/api/v1/search/scholar?keyword=transformer')).code).toBe(Code.UNAUTHORIZED);
    expect((await get('/api/v1/search/arxiv?keyword=language')).code).toBe(Code.UNAUTHORIZED);
    const list = await get<SearchPage<ArxivItem>>('/api/v1/search/arxiv/list?category=cs.AI');
    expect(list.code).toBe(Code.OK);
    expect(list.data.items.length).toBeGreaterThan(0);
  });

  it('validates the queries with a 4xx and a Chinese message', async () => {
    const { token } = await t.loginAs();
    for (const url of [
      '/api/v1/search/scholar',
      '/api/v1/search/scholar?keyword=%20',
      '/api/v1/search/scholar?keyword=a&start=0',
      '/api/v1/search/scholar?keyword=a&source=bing',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { token } });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json<Envelope<unknown>>().code, url).toBe(Code.BAD_REQUEST);
    }
    expect((await get('/api/v1/search/arxiv/list?category=cs.AI%20OR%20x')).code).toBe(Code.BAD_REQUEST);
    expect((await get('/api/v1/search/arxiv/list?date=yesterday')).code).toBe(Code.BAD_REQUEST);
  });

  it('searches the academic index, charging one count per new search and none for load more', async () => {
    const { token, user } = await t.loginAs();
    const p1 = await get<SearchPage<AcademicResult>>('/api/v1/search/scholar?keyword=transformer&start=1', token);
    expect(p1.code).toBe(Code.OK);
    expect(p1.data.items).toHaveLength(10);
    expect(p1.data.hasMore).toBe(true);
    expect(await used(user.id, 'resource_learning_search')).toBe(1);
    const p2 = await get<SearchPage<AcademicResult>>('/api/v1/search/scholar?keyword=transformer&start=2', token);
    expect(p2.data.hasMore).toBe(false);
    expect(await used(user.id, 'resource_learning_search')).toBe(1);
  });

  it('releases the count when the source fails, answering an empty page', async () => {
    const { token, user } = await t.loginAs();
    const res = await get<SearchPage<AcademicResult>>('/api/v1/search/scholar?keyword=fail', token);
    expect(res).toMatchObject({ code: Code.OK, data: { items: [], hasMore: false } });
    const usage = await quotaUsage(t.ctx, user.id, 'resource_learning_search');
    expect(usage).toEqual({ used: 0, reserved: 0 });
  });

  it('applies the year filter; a non-numeric year filters nothing', async () => {
    const { token } = await t.loginAs();
    const y = await get<SearchPage<AcademicResult>>('/api/v1/search/scholar?keyword=llm&year=2025', token);
    expect(y.data.items.map((i) => i.year)).toEqual(['2025', '2025']);
    const any = await get<SearchPage<AcademicResult>>('/api/v1/search/scholar?keyword=llm&year=abcd', token);
    expect(any.data.items).toHaveLength(10);
  });

  it('searches arXiv, on its own route and as the scholar source', async () => {
    const { token } = await t.loginAs();
    const own = await get<SearchPage<ArxivItem>>('/api/v1/search/arxiv?keyword=language', token);
    expect(own.data.items[0]).toMatchObject({
      abs: expect.stringMatching(/^https:\/\/arxiv\.org\/abs\//),
      pdf: expect.stringMatching(/\/pdf\//),
    });
    const viaScholar = await get<SearchPage<AcademicResult>>('/api/v1/search/scholar?keyword=language&source=arxiv', token);
    expect(viaScholar.data.items[0]).toMatchObject({ publisher: 'arXiv', link: expect.stringMatching(/\/pdf\//) });
  });

  it('checks documents with a header-only request', async () => {
    const { token } = await t.loginAs();
    const check = async (url: string) =>
      (await post('/api/v1/search/scholar/check', { url }, token)).json<Envelope<ScholarCheckRes>>().data;
    expect(await check(`${docs}/paper.pdf`)).toEqual({ downloadable: true, docType: 'pdf', contentType: 'application/pdf' });
    expect(await check(`${docs}/partial.pdf`)).toMatchObject({ downloadable: true, docType: 'pdf' });
    expect(await check(`${docs}/notes.txt`)).toMatchObject({ downloadable: true, docType: 'txt' });
    expect(await check(`${docs}/report.docx`)).toMatchObject({ downloadable: true, docType: 'word' });
    expect(await check(`${docs}/page.html`)).toMatchObject({ downloadable: false, contentType: 'text/html' });
    // Served as octet-stream: the file name (path, else Content-Disposition) says what it is.
    expect(await check(`${docs}/bitstream/paper.pdf`)).toEqual({ downloadable: true, docType: 'pdf', contentType: 'application/pdf' });
    expect(await check(`${docs}/bitstream/download`)).toEqual({ downloadable: true, docType: 'pdf', contentType: 'application/pdf' });
    expect(await check(`${docs}/bitstream/blob`)).toEqual({ downloadable: false, docType: '', contentType: 'application/octet-stream' });
    expect(await check(`${docs}/missing.pdf`)).toMatchObject({ downloadable: false });
    expect(await check(`${docs}/redirect-paper`)).toMatchObject({ downloadable: true });
    expect(await check(`${docs}/redirect-private`)).toEqual({ downloadable: false, docType: '', contentType: '' });
    expect(await check('http://169.254.169.254/latest/meta-data')).toEqual({ downloadable: false, docType: '', contentType: '' });
    const bad = await post('/api/v1/search/scholar/check', { url: 'ftp://x' }, token);
    expect(bad.json<Envelope<unknown>>().code).toBe(Code.BAD_REQUEST);
    expect((await post('/api/v1/search/scholar/check', { url: `${docs}/paper.pdf` })).json<Envelope<unknown>>().code).toBe(
      Code.UNAUTHORIZED,
    );
  });

  it('streams an AI reading of a PDF and charges resource_learning_interpret once', async () => {
    const { token, user } = await t.loginAs();
    const res = await post('/api/v1/search/scholar/interpret', { url: `${docs}/paper.pdf` }, token);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    expect(res.body).toMatch(/^event: meta/);
    expect(streamedText(res.body)).toContain('Efficient Attention Mechanisms for Long Documents');
    expect(res.body).toMatch(/event: done/);
    expect(await used(user.id, 'resource_learning_interpret')).toBe(1);
    // The same paper served as octet-stream under a Content-Disposition name reads just as well.
    const octet = await post('/api/v1/search/scholar/interpret', { url: `${docs}/bitstream/download` }, token);
    expect(streamedText(octet.body)).toContain('Efficient Attention Mechanisms for Long Documents');
    expect(await used(user.id, 'resource_learning_interpret')).toBe(2);
  });

  it('streams a translation of a text file and charges learning_translate', async () => {
    const { token, user } = await t.loginAs();
    const res = await post('/api/v1/search/scholar/translate', { url: `${docs}/notes.txt` }, token);
    expect(streamedText(res.body)).toContain('演示翻译');
    expect(res.body).toMatch(/event: done/);
    expect(await used(user.id, 'learning_translate')).toBe(1);
  });

  it('answers 文档解读失败 / 文档翻译失败 and releases the count when the document cannot be read', async () => {
    const { token, user } = await t.loginAs();
    const a = (await post('/api/v1/search/scholar/interpret', { url: `${docs}/page.html` }, token)).json<Envelope<unknown>>();
    expect(a).toMatchObject({ msg: MSG.scholarInterpretFailed });
    expect(a.code).not.toBe(Code.OK);
    const b = (await post('/api/v1/search/scholar/translate', { url: `${docs}/redirect-private` }, token)).json<Envelope<unknown>>();
    expect(b).toMatchObject({ msg: MSG.scholarTranslateFailed });
    expect(await quotaUsage(t.ctx, user.id, 'resource_learning_interpret')).toEqual({ used: 0, reserved: 0 });
    expect(await quotaUsage(t.ctx, user.id, 'learning_translate')).toEqual({ used: 0, reserved: 0 });
  });

  it('refuses a reading when the day’s counts are spent', async () => {
    const { token } = await t.loginAs();
    for (let i = 0; i < 2; i++) await post('/api/v1/search/scholar/translate', { url: `${docs}/notes.txt` }, token);
    const refused = (await post('/api/v1/search/scholar/translate', { url: `${docs}/notes.txt` }, token)).json<Envelope<unknown>>();
    expect(refused.code).toBe(Code.NO_COUNT);
  });

  it('downloads a document as an attachment; a page that is not a document is refused', async () => {
    const { token } = await t.loginAs();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/search/scholar/download?url=${encodeURIComponent(`${docs}/paper.pdf`)}`,
      headers: { token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="paper\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // An octet-stream PDF is passed on as the PDF it is.
    const octet = await t.app.inject({
      method: 'GET',
      url: `/api/v1/search/scholar/download?url=${encodeURIComponent(`${docs}/bitstream/paper.pdf`)}`,
      headers: { token },
    });
    expect(octet.statusCode).toBe(200);
    expect(octet.headers['content-type']).toBe('application/pdf');
    expect(octet.headers['content-disposition']).toMatch(/filename="paper\.pdf"/);
    const html = await t.app.inject({
      method: 'GET',
      url: `/api/v1/search/scholar/download?url=${encodeURIComponent(`${docs}/page.html`)}`,
      headers: { token },
    });
    expect(html.json<Envelope<unknown>>().code).not.toBe(Code.OK);
    const priv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/search/scholar/download?url=${encodeURIComponent(`${docs}/redirect-private`)}`,
      headers: { token },
    });
    expect(priv.json<Envelope<unknown>>().msg).toBe(MSG.scholarDownloadFailed);
  });
});
