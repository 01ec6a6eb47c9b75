import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@wanxiang/contract';
import { checkUserUrl, createSafeFetch, type Lookup } from './index';
import { expectReason, noDns, startInternal, stopServers, type FakeServer } from './testing';

/** QUALITY.md G13, case by case: every address form and trick that must be refused. */

// Internal services on loopback that must never be reached by an untrusted URL.
let internal: FakeServer;
let internal2: FakeServer;

beforeAll(async () => {
  internal = await startInternal('127.0.0.1');
  internal2 = await startInternal('127.0.0.2');
});

afterAll(() => stopServers(internal, internal2));

describe('G13: refused targets', () => {
  const strict = () => createSafeFetch({ allow: [], lookup: noDns });

  // Every form written with the internal server's port, so a slip would show up as a hit.
  const literal = (host: string) => `http://${host}:${internal.port}/latest/meta-data/`;
  it.each([
    '127.0.0.1',
    '0.0.0.0',
    '[::1]',
    '[::]',
    '10.0.0.1',
    '10.255.255.254',
    '172.16.0.1',
    '172.31.0.1',
    '192.168.0.1',
    '192.168.1.254',
    '100.64.0.1',
    '[fc00::]',
    '[fc00::1]',
    '169.254.169.254',
    '100.100.100.200',
    '[fd00:ec2::254]',
    '[fe80::]',
    '[fe80::1]',
    '2130706433',
    '2852039166',
    '0x7f000001',
    '0xa9fea9fe',
    '0251.0376.0251.0376',
    '127.1',
    '169.254.43518',
    '[::ffff:127.0.0.1]',
    '[::ffff:a9fe:a9fe]',
    '[64:ff9b::a9fe:a9fe]',
    '[2002:a9fe:a9fe::]',
    '[2002:7f00:1::]',
    '0',
    '127.0.0.1.',
    '%31%32%37.0.0.1',
  ])('refuses %s', async (host) => {
    const err = await expectReason(strict()(literal(host)), 'refused');
    expect(err.message).toBe(MSG.urlRefused);
  });

  it.each(['localhost', 'localhost.', 'LOCALHOST', 'api.localhost'])('refuses the name %s without asking DNS', async (host) => {
    await expectReason(strict()(`http://${host}:${internal.port}/`), 'refused');
  });

  it.each([
    'http://user@example.com/',
    'http://user:pass@example.com/',
    'http://@example.com/',
    `http://example.com@127.0.0.1:${0}/`,
    'https://example.com:443@169.254.169.254/',
  ])('refuses credentials in %s', async (url) => {
    await expectReason(strict()(url), 'refused');
  });

  it.each(['http://example.com\\@127.0.0.1/', 'http:\\\\127.0.0.1\\latest', 'http://127.0.0.1\\.example.com/', 'http:/\\169.254.169.254/'])(
    'refuses the backslash trick %s',
    async (url) => {
      await expectReason(strict()(url), 'refused');
    },
  );

  it.each([
    'file:///etc/passwd',
    'ftp://example.com/x',
    'gopher://127.0.0.1:70/_GET',
    'data:text/html,<b>hi</b>',
    'javascript:alert(1)',
    'ws://example.com/',
  ])('refuses the scheme of %s', async (url) => {
    await expectReason(strict()(url), 'refused');
  });

  it.each(['', 'not a url', 'http://', 'http://exa mple.com/', 'http://example.com/\n'])('calls %j invalid', async (url) => {
    const err = await expectReason(strict()(url), 'invalid_url');
    expect(err.message).toBe(MSG.linkInvalid);
  });

  it('refuses a host when any A answer is private', async () => {
    const lookup: Lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    await expectReason(createSafeFetch({ allow: [], lookup })('http://mixed.example/'), 'refused');
  });

  it.each(['::1', 'fd00::1', 'fe80::1', '::ffff:169.254.169.254', '64:ff9b::a9fe:a9fe', '2002:a00:1::'])(
    'refuses a host with the AAAA answer %s',
    async (aaaa) => {
      const lookup: Lookup = async () => [
        { address: '93.184.216.34', family: 4 },
        { address: aaaa, family: 6 },
      ];
      await expectReason(createSafeFetch({ allow: [], lookup })('https://v6.example/'), 'refused');
    },
  );

  it.each(['127.0.0.1', '169.254.169.254', '100.100.100.200', '0.0.0.0', '192.168.3.4'])(
    'refuses a host whose only A answer is %s',
    async (a) => {
      const lookup: Lookup = async () => [{ address: a, family: 4 }];
      await expectReason(createSafeFetch({ allow: [], lookup })(`http://rebind.example:${internal.port}/`), 'refused');
    },
  );

  it('answers dns for a name that does not resolve', async () => {
    const lookup: Lookup = async () => {
      throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const err = await expectReason(createSafeFetch({ allow: [], lookup })('http://nowhere.example/'), 'dns');
    expect(err.message).toBe(MSG.urlFetchFailed);
  });

  it('never reached the internal servers', () => {
    expect(internal.hits).toHaveLength(0);
    expect(internal2.hits).toHaveLength(0);
  });
});

describe('checkUserUrl (when a URL is saved)', () => {
  const lookup: Lookup = async (host) =>
    host === 'api.vendor.example' ? [{ address: '203.0.114.10', family: 4 }] : [{ address: '10.1.2.3', family: 4 }];

  it('accepts a public host and returns the parsed URL', async () => {
    const url = await checkUserUrl('https://API.vendor.example/v1', { allow: [], lookup });
    expect(url.hostname).toBe('api.vendor.example');
  });

  it('refuses private answers, literals and tricks by the same rules', async () => {
    await expectReason(checkUserUrl('https://intranet.example/v1', { allow: [], lookup }), 'refused');
    await expectReason(checkUserUrl('http://0xa9fea9fe/', { allow: [], lookup }), 'refused');
    await expectReason(checkUserUrl('http://user@api.vendor.example/', { allow: [], lookup }), 'refused');
    await expect(checkUserUrl('https://intranet.example/v1', { allow: ['10.0.0.0/8'], lookup })).resolves.toBeInstanceOf(URL);
  });
});
