import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toolById, toolByPath, type Envelope, type SidebarConfig, type SidebarFile } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { loadSidebarFile, parseSidebarFile, SidebarCatalogError } from './load';
import { projectSidebar } from './service';

/** docs/product/shell-and-navigation.md §2, the acceptance table: every group with every path, in this order. */
const TABLE: [string, string[]][] = [
  ['home', ['/']],
  [
    'chat',
    [
      '/chat?type=index',
      ...[
        'chat-5',
        'claude-4-opus',
        'grok-4',
        'gemini-2.5-pro',
        'chat4.5-preview',
        'deepseek-r1',
        'deepseek-v3',
        'glm-zero-preview',
        'ernie-4.0',
      ].map((m) => `/chat?type=${m}`),
    ],
  ],
  ['nano-banana', ['/nano-banana']],
  ['agents', ['/aiAgent?type=index', '/aiAgent?type=chat&id=1']],
  ['image', ['/newdraw', '/draw/text_image2', '/draw/drawtodraw']],
  [
    'photo',
    [
      '/photo',
      '/draw/faceswapByPhotography',
      '/draw/AiExpandedImage',
      '/draw/AIChangeImages',
      '/draw/onlineHandlerImage',
      '/draw/aiImageErase',
      '/draw/aiImageIntensifier',
    ],
  ],
  ['video', ['/video', '/video/create/text', '/video/create/image', '/video/human/video', '/video/audio']],
  ['music', ['/AIMusic', '/AIMusic/creativeCenter', '/AIMusic/accompanyCreate', '/AIMusic/aiAudioClip', '/AIMusic/musicRecognize']],
  ['search', ['index', 'lookforfile', 'science', 'arxiv', 'webdisk', 'searchByhome', 'lookforweb'].map((p) => `/aiSearch/${p}`)],
  ['thesis', ['/newAiThesis/index', '/aiThesis?type=graduationThesis']],
  ['ppt', ['/newAiPPt/index']],
  ['toolbox', ['oneSynthesis', 'aiExamination', 'aiFormula', 'aiDocument'].map((p) => `/aiGenerate/${p}`)],
  [
    'design',
    [...['aiDataAnalysis', 'aIPosterCreate', 'aiDataWebDesign', 'aiDataCard', 'aiResume'].map((p) => `/aiDesign/${p}`), '/aiChart'],
  ],
  ['writing', ['/AIApply', '/AIApplyDetail?id=aiDocument&docType=工作总结', '/doc/AiWriting', '/AiWriter/AiWriterOffcial']],
  [
    'translate',
    [
      ...['translatePdf', 'TranslateDoc2', 'translateImage', 'translateCommon', 'translateClassical'].map((p) => `/AITranslate/${p}`),
      '/aigc/articlePlagiarismChecking',
    ],
  ],
  ['more', ['/function/all', '/AiFile/DocChatPage', '/AiVioce/speechSynthesis', '/moxing/office']],
  [
    'other',
    ['/console/invite', '/console/vip', '/download', '/helpfor/about', '/helpfor/intriguing', '/msg', '/doc', '/AiFile/translate', '/draw'],
  ],
];
const PREMIUM = ['/chat?type=claude-4-opus', '/chat?type=grok-4', '/chat?type=gemini-2.5-pro'];

const pathsOf = (g: SidebarConfig['groups'][number]) => new Set([g.path, ...g.children.map((c) => c.path)].filter(Boolean));

describe.each(testDbKinds())('GET /api/v2/config/sidebar on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (query = '', token?: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/config/sidebar${query}`, headers: token ? { token } : {} });
    return { status: res.statusCode, body: res.json<Envelope<SidebarConfig>>() };
  };

  it('serves every group and path of the 2.9 table in order, with the three dividers and the 3000 ms carousel', async () => {
    const { status, body } = await get('?invite_code=abc');
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    const data = body.data;
    expect(data.groups.map((g) => g.key)).toEqual(TABLE.map(([k]) => k));
    for (const [key, paths] of TABLE) {
      const group = data.groups.find((g) => g.key === key)!;
      for (const p of paths) expect(pathsOf(group), `${key} ${p}`).toContain(p);
    }
    expect(data.groups.filter((g) => g.section).map((g) => g.section)).toEqual(['AI媒体', '近期热门', '热门功能']);
    expect(data.carouselIntervalMs).toBe(3000);
    expect(data.banners.length).toBeGreaterThan(1);
    expect(data.banners.find((b) => b.key === 'invite')?.route).toBe('/console/invite');
    // Operator-only fields stay on the server.
    expect(JSON.stringify(data)).not.toMatch(/premium|requiresAiAmuse/);
  });

  it('hides Claude, Grok and Gemini from a plain visitor and a vipgrade-0 user, shows them with an invite code or vipgrade > 0', async () => {
    const chatPaths = (c: SidebarConfig) => c.groups.find((g) => g.key === 'chat')!.children.map((x) => x.path);

    const visitor = chatPaths((await get()).body.data);
    for (const p of PREMIUM) expect(visitor).not.toContain(p);
    expect(visitor).toContain('/chat?type=deepseek-r1');
    expect(visitor).toContain('/chat?type=chat-5');

    const invited = chatPaths((await get('?invite_code=X7Y8')).body.data);
    for (const p of PREMIUM) expect(invited).toContain(p);

    const { token, user } = await t.loginAs();
    const plain = chatPaths((await get('', token)).body.data);
    for (const p of PREMIUM) expect(plain).not.toContain(p);

    await t.ctx.database.db.execute(sql`UPDATE users SET vipgrade = 2 WHERE id = ${user.id}`);
    const graded = chatPaths((await get('', token)).body.data);
    for (const p of PREMIUM) expect(graded).toContain(p);
    // An empty invite code is no invite code.
    const empty = chatPaths((await get('?invite_code=', undefined)).body.data);
    for (const p of PREMIUM) expect(empty).not.toContain(p);
  });

  it('refuses a malformed query with a Chinese message, not a 500', async () => {
    const { status, body } = await get(`?invite_code=${'x'.repeat(80)}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('sidebar catalogue rules', () => {
  const file = loadSidebarFile();

  it('the ai_amuse flag gates /newAiThesis/index only', () => {
    const on = projectSidebar({ ...file, ai_amuse: true }, { vipgrade: 0, hasInviteCode: false });
    const off = projectSidebar({ ...file, ai_amuse: false }, { vipgrade: 0, hasInviteCode: false });
    const thesis = (c: SidebarConfig) => c.groups.find((g) => g.key === 'thesis')!.children.map((x) => x.path);
    expect(thesis(on)).toEqual(['/newAiThesis/index', '/aiThesis?type=graduationThesis']);
    expect(thesis(off)).toEqual(['/aiThesis?type=graduationThesis']);
    const count = (c: SidebarConfig) => c.groups.reduce((n, g) => n + g.children.length, 0);
    expect(count(on) - count(off)).toBe(1);
  });

  it('rejects a broken file with the entry and field named', () => {
    const broken = structuredClone(file) as SidebarFile;
    broken.groups[3]!.children[1]!.path = 'https://evil.example/x';
    expect(() => parseSidebarFile(broken)).toThrow(SidebarCatalogError);
    expect(() => parseSidebarFile(broken)).toThrow(/groups\[3\] \(智能体\)\.children\[1\] \(写作助手\)\.path/);

    const dup = structuredClone(file) as SidebarFile;
    dup.groups[1]!.key = 'home';
    expect(() => parseSidebarFile(dup)).toThrow(/duplicate group key "home"/);

    const bothLinks = structuredClone(file) as SidebarFile;
    bothLinks.banners[0]!.external = 'https://example.com/invite';
    expect(() => parseSidebarFile(bothLinks)).toThrow(/route 与 external 必须二选一/);
  });

  it('an /AIApplyDetail link names an app and prefills only its form fields with values they take (工作总结 -> AI文档)', () => {
    const links = file.groups.flatMap((g) => g.children).filter((c) => c.path.startsWith('/AIApplyDetail?'));
    expect(links.find((c) => c.label === '工作总结')?.path).toBe('/AIApplyDetail?id=aiDocument&docType=工作总结');
    for (const link of links) {
      const params = new URLSearchParams(link.path.split('?')[1]);
      const tool = toolById(params.get('id') ?? '');
      expect(tool?.kind, link.path).not.toBe('page');
      for (const [name, value] of params) {
        if (name === 'id') continue;
        const field = tool!.fields.find((f) => f.name === name);
        expect(field, `${link.path}: ${name}`).toBeDefined();
        if (field!.options) expect(field!.options.map((o) => o.value), `${link.path}: ${name}`).toContain(value);
      }
    }
  });

  it('takes a child label left out of the file from the tool registry at its path', () => {
    const search = file.groups.find((g) => g.key === 'search')!.children;
    // sidebar.json writes no label for these: the registry's titles fill them.
    expect(search.find((c) => c.path === '/aiSearch/science')?.label).toBe(toolByPath('/aiSearch/science')?.title);
    expect(search.find((c) => c.path === '/aiSearch/lookforweb')?.label).toBe('找网站');
    const raw = structuredClone(file) as SidebarFile;
    const child = raw.groups[1]!.children[0]! as { label?: string; path: string };
    delete child.label;
    child.path = '/no/such/tool';
    expect(() => parseSidebarFile(raw)).toThrow(/children\[0\]\.label: 没有 label/);
    child.label = '自定义';
    expect(parseSidebarFile(raw).groups[1]!.children[0]!.label).toBe('自定义');
  });
});
