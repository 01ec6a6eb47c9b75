import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeStreamFetch } from './stream-fetch';
import { SafeFetchError } from './errors';
import { SECRET, startInternal, startServer, stopServers, type FakeServer } from './testing';

describe('safe streaming fetch', () => {
  let internal: FakeServer;
  let trusted: FakeServer;
  beforeAll(async () => {
    internal = await startInternal('127.0.0.1');
    trusted = await startServer('127.0.0.1', (req, res) => {
      if (req.url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: one\n\n');
        setTimeout(() => res.end('data: two\n\n'), 50);
        return;
      }
      if (req.url === '/to-internal') {
        res.writeHead(302, { location: `http://127.0.0.1:${internal.port}/` });
        res.end();
        return;
      }
      res.end('ok');
    });
  });
  afterAll(() => stopServers(internal, trusted));

  const refused = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SafeFetchError);
    expect(String((err as Error).message)).not.toContain(SECRET);
  };

  it('refuses loopback, private and metadata addresses written any way', async () => {
    const f = createSafeStreamFetch({ allow: [] });
    for (const host of ['127.0.0.1', 'localhost', '2130706433', '0x7f000001', '127.1', '[::1]', '[::ffff:127.0.0.1]', '169.254.169.254', '10.0.0.1'])
      await refused(f(`http://${host}:${internal.port}/`));
    expect(internal.hits).toHaveLength(0);
  });

  it('refuses a host whose DNS answer is private, at connect time too', async () => {
    const f = createSafeStreamFetch({ allow: [], lookup: async () => [{ address: '127.0.0.1', family: 4 }] });
    await refused(f(`http://rebind.example:${internal.port}/`));
    expect(internal.hits).toHaveLength(0);
  });

  it('streams an allowed answer chunk by chunk', async () => {
    const f = createSafeStreamFetch({ allow: ['127.0.0.1'] });
    const res = await f(`http://127.0.0.1:${trusted.port}/stream`);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('one');
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toContain('two');
  });

  it('re-checks a redirect and drops the credentials on another origin', async () => {
    // The first host is operator-trusted by name; the redirect's loopback literal is not.
    const f = createSafeStreamFetch({ allow: ['trusted.test'], lookup: async () => [{ address: '127.0.0.1', family: 4 }] });
    await refused(f(`http://trusted.test:${trusted.port}/to-internal`, { headers: { authorization: 'Bearer k' } }));
    expect(trusted.hits.at(-1)?.url).toBe('/to-internal');
    expect(internal.hits).toHaveLength(0);
  });
});
