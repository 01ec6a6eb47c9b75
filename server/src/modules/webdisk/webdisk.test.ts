import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSources, type FakeSourcesServer } from '../../../test/fake-sources/server';
import { webdiskRequests } from '../../../test/fake-sources/webdisk';
import { channelUrl, loadWebdiskChannels, parseWebdiskChannels, WebdiskCatalogError, type WebdiskChannelConfig } from './channels';
import {
  allowedHits,
  BUILTIN_FORBIDDEN_WORDS,
  countHits,
  createForbiddenWords,
  filterCloudResults,
  filterWebResults,
  parseWordList,
} from './filter';
import { loadChannel } from './loaders';

const log = pino({ level: 'silent' });
const channels = loadWebdiskChannels();
const ch = (tab: 'up1' | 'up2' | 'brother' | 'aggregate'): WebdiskChannelConfig => channels.byTab(tab)!;

describe('web-disk channel loaders against recorded answers', () => {
  let fakes: FakeSourcesServer;
  let settings: { timeoutMs: number; baseUrl: string };
  beforeAll(async () => {
    fakes = await startFakeSources();
    settings = { timeoutMs: 2_000, baseUrl: `${fakes.baseUrl}/webdisk` };
  });
  afterAll(async () => {
    await fakes?.close();
  });

  it('reads a base64 JSON answer (UP云搜): result.items, highlight tags removed, format from the title', async () => {
    const items = await loadChannel(ch('up1'), 'Python', 1, settings, log);
    expect(items).toHaveLength(6);
    expect(items[0]).toEqual({
      title: 'Python入门教程全套视频（2024版）',
      url: 'https://www.aliyundrive.com/s/Kp3vQx8Lm2a',
      time: '2024-03-18 21:04:11',
      size: '4.2 GB',
      geshi: '',
      content: '',
      info: 'UP云搜',
      sourceButton: 'up1',
      type: 0,
    });
    expect(items[1]!.geshi).toBe('pdf');
    const page2 = await loadChannel(ch('up1'), 'Python', 2, settings, log);
    expect(page2.map((r) => r.title)).toEqual(['Python 自动化办公实战课', '流畅的Python（第2版）.epub']);
    expect(await loadChannel(ch('up1'), 'Python', 3, settings, log)).toEqual([]);
  });

  it('puts the keyword URL-encoded and the page into the template', async () => {
    webdiskRequests.length = 0;
    await loadChannel(ch('up1'), 'C++ 教程&x=1', 2, settings, log);
    expect(webdiskRequests[0]!.path).toBe('/Up1Url?keyword=C%2B%2B%20%E6%95%99%E7%A8%8B%26x%3D1&page=2');
    const own = { ...ch('up2'), url: 'https://disk.example.com/api?q={keyword}&p={page}&k={keyword}' };
    expect(channelUrl(own, '高数', 3)).toBe('https://disk.example.com/api?q=%E9%AB%98%E6%95%B0&p=3&k=%E9%AB%98%E6%95%B0');
    expect(channelUrl(ch('up2'), '高数', 1)).toBeNull(); // shipped templates are empty: not configured
  });

  it('reads a JSON answer (UP云搜2): items without a link are skipped, relative links resolved', async () => {
    const items = await loadChannel(ch('up2'), '考研英语', 1, settings, log);
    expect(items.map((r) => r.title)).toEqual(['考研英语真题 1986-2024 全套', '考研英语 Casino 高分秘籍', '英语二阅读精讲']);
    expect(items[0]).toMatchObject({ type: 1, info: 'UP云搜2', content: '历年真题及详细解析，含作文范文。', size: '356 MB' });
    expect(items[2]!.url).toBe(`${fakes.baseUrl}/s/relative-link-01`);
  });

  it('scrapes an HTML answer (兄弟盘) with the configured selectors', async () => {
    const items = await loadChannel(ch('brother'), '高等数学', 1, settings, log);
    expect(items.map((r) => [r.title, r.url, r.time, r.size])).toEqual([
      ['高等数学（同济第七版）课件.pptx', 'https://pan.baidu.com/s/1BroTherOne', '2024-04-12', '156 MB'],
      ['高等数学 习题全解', `${fakes.baseUrl}/go/2048`, '2024-04-15', '44 MB'],
      ['高数速成 VX：abc123', 'https://ads.example.com/', '', ''],
    ]);
    expect(items[0]).toMatchObject({ type: 6, geshi: 'pptx', sourceButton: 'brother' });
  });

  it('posts the aggregation body {q, page, size 10, time year, type, exact true}; items are type 8', async () => {
    webdiskRequests.length = 0;
    const items = await loadChannel(ch('aggregate'), 'PPT 模板', 1, settings, log);
    expect(webdiskRequests[0]!.method).toBe('POST');
    expect(JSON.parse(webdiskRequests[0]!.body)).toEqual({ q: 'PPT 模板', page: 1, size: 10, time: 'year', type: '', exact: true });
    expect(items.map((r) => [r.title, r.type, r.geshi])).toEqual([
      ['PPT 模板合集 3000 套', 8, 'QUARK'],
      ['商务汇报 PPT 模板', 8, 'ALY'],
    ]);
  });

  it('answers [] for a failing, garbled, unknown, slow or unconfigured channel', async () => {
    expect(await loadChannel(ch('up1'), '故障', 1, settings, log)).toEqual([]);
    expect(await loadChannel(ch('up1'), '乱码', 1, settings, log)).toEqual([]);
    expect(await loadChannel(ch('up2'), '乱码', 1, settings, log)).toEqual([]);
    expect(await loadChannel(channels.byKey('lzyUrl')!, 'x', 1, settings, log)).toEqual([]); // fake has no such channel: 404
    expect(await loadChannel(ch('up1'), 'x', 1, { timeoutMs: 2_000 }, log)).toEqual([]); // empty template
    expect(await loadChannel(ch('up1'), 'x', 1, { timeoutMs: 2_000, baseUrl: 'http://127.0.0.1:9' }, log)).toEqual([]); // refused
  });
});

describe('webdisk.json', () => {
  it('ships every configuration key of the spec, each tab served by one channel', () => {
    expect(channels.all.map((c) => c.key).sort()).toEqual(
      ['Up1Url', 'Up2Url', 'brotherUrl', 'cloudUrl', 'pandaUrl', 'superUrl', 'degreeUrl', 'pickupUrl', 'aggregate_index', 'lzyUrl', 'ali2Url', 'quarkUrl', 'thunderUrl', 'baidukUrl', 'quark2Url'].sort(),
    );
    expect(['up1', 'up2', 'brother', 'aggregate'].map((t) => channels.byTab(t as 'up1')?.key)).toEqual(['Up1Url', 'Up2Url', 'brotherUrl', 'aggregate_index']);
  });

  it('refuses a bad file naming the field', () => {
    const bad = (c: object) => () => parseWebdiskChannels({ channels: [c] });
    expect(bad({ key: 'Up1Url', label: 'x', type: 0, url: 'ftp://x/{keyword}', format: 'html', selectors: { item: 'a', title: 'a', url: 'a@href' } })).toThrow(/channels\.0\.url/);
    expect(bad({ key: 'Up1Url', label: 'x', type: 0, url: '', format: 'html' })).toThrow(/html channels need selectors/);
    expect(bad({ key: 'Nope', label: 'x', type: 0, url: '', format: 'json' })).toThrow(WebdiskCatalogError);
    const one = { key: 'Up1Url', label: 'x', type: 0, url: '', format: 'json', itemsPath: 'a', fields: { title: 't', url: 'u' } };
    expect(() => parseWebdiskChannels({ channels: [one, one] })).toThrow(/duplicate channel key/);
  });
});

describe('result filter (docs/product/search.md §4)', () => {
  const words = BUILTIN_FORBIDDEN_WORDS.map((w) => w.toLowerCase());

  it('drops blocked words case-insensitively, advertising text and promotional links; clips titles at 50', async () => {
    const fakes = await startFakeSources();
    try {
      const settings = { timeoutMs: 2_000, baseUrl: `${fakes.baseUrl}/webdisk` };
      const up1 = filterCloudResults(await loadChannel(ch('up1'), 'Python', 1, settings, log), words);
      expect(up1.map((r) => r.url)).toEqual([
        'https://www.aliyundrive.com/s/Kp3vQx8Lm2a',
        'https://pan.quark.cn/s/7b1e9c2d4f60',
        'https://www.aliyundrive.com/s/Qw9ErT6yUi1',
      ]); // 加微信 / 免费领取, a web address and 网赌 / 外挂 dropped
      expect([...up1[2]!.title].length).toBe(51); // 50 chars and the ellipsis
      expect(up1[2]!.url).toBe('https://www.aliyundrive.com/s/Qw9ErT6yUi1'); // the link stays whole for 查看 / 复制链接
      const up2 = filterCloudResults(await loadChannel(ch('up2'), 'x', 1, settings, log), words);
      expect(up2.map((r) => r.title)).not.toContain('考研英语 Casino 高分秘籍'); // "casino" in the list, any case
      const brother = filterCloudResults(await loadChannel(ch('brother'), 'x', 1, settings, log), words);
      expect(brother.map((r) => r.title)).toEqual(['高等数学（同济第七版）课件.pptx', '高等数学 习题全解']);
    } finally {
      await fakes.close();
    }
  });

  it('allows more hits in longer texts by the thresholds 100 to 10000000', () => {
    expect([50, 100, 150, 250, 350, 450, 600, 20_000_000].map(allowedHits)).toEqual([0, 0, 1, 2, 3, 4, 5, 5]);
    expect(countHits('广告 AND 广告 and PORN', words)).toBe(3);
    const web = (title: string, describe: string) => ({ title, describe, type: '', classify: '', url: 'https://a.cn', tag: [], resource: 'https://a.cn' });
    const long = `${'好网站'.repeat(50)}广告`; // 152 chars, one hit: allowed
    const short = '免费素材，无广告'; // 8 chars, one hit: dropped
    const kept = filterWebResults([web('素材站', long), web('素材站2', short), web('y'.repeat(300), '')], words);
    expect(kept.map((r) => r.title.slice(0, 4))).toEqual(['素材站', 'yyyy']);
    expect([...kept[1]!.title].length).toBe(201);
    expect([...kept[0]!.describe].length).toBeLessThanOrEqual(201);
  });

  it('reads the remote list (JSON or lines), caches it, and falls back to the built-in list when it fails', async () => {
    const fakes = await startFakeSources();
    try {
      expect(parseWordList('["A", " b ", 3, ""]')).toEqual(['a', 'b']);
      expect(parseWordList('\uFEFFx\r\ny\n')).toEqual(['x', 'y']);
      expect(parseWordList('{"data":["z"]}')).toEqual(['z']);
      expect(parseWordList('{broken')).toEqual([]);

      let clock = 0;
      const remote = createForbiddenWords({ url: `${fakes.baseUrl}/webdisk-words/list.json`, refreshMs: 1_000, timeoutMs: 2_000 }, log, () => clock);
      expect(await remote.words()).toEqual(['机器学习', 'epub', '课件']);
      const up1 = filterCloudResults(await loadChannel(ch('up1'), 'x', 2, { timeoutMs: 2_000, baseUrl: `${fakes.baseUrl}/webdisk` }, log), await remote.words());
      expect(up1.map((r) => r.title)).toEqual(['Python 自动化办公实战课']); // "EPUB" dropped by the remote "Epub"

      const broken = createForbiddenWords({ url: `${fakes.baseUrl}/webdisk-words/broken`, refreshMs: 1_000, timeoutMs: 2_000 }, log, () => clock);
      expect(await broken.words()).toEqual(words);
      const unset = createForbiddenWords({ refreshMs: 1_000, timeoutMs: 2_000 }, log);
      expect(await unset.words()).toEqual(words);
      clock = 5_000; // refresh runs behind the cached list, which stays in use
      expect(await remote.words()).toEqual(['机器学习', 'epub', '课件']);
    } finally {
      await fakes.close();
    }
  });
});
