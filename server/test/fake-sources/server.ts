import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAKE_SOURCES } from './sources';
import type { FakeSource } from './types';

export interface FakeSourcesServer {
  baseUrl: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * A local HTTP server replaying recorded answers of outside services (scholar, arXiv, hot
 * lists, web-disk channels, a custom OpenAI-compatible provider, an MCP server...). Adapter
 * tests start it on port 0; the browser tests start it beside the app (main.ts).
 */
export async function startFakeSources(port = 0, sources: FakeSource[] = FAKE_SOURCES): Promise<FakeSourcesServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      if (url === '/health') {
        res.end('ok');
        return;
      }
      const source = sources.find((s) => url === s.prefix || url.startsWith(`${s.prefix}/`) || url.startsWith(`${s.prefix}?`));
      if (!source) {
        res.statusCode = 404;
        res.end('no fake source for this path');
        return;
      }
      Promise.resolve(source.handle(req, res, url.slice(source.prefix.length) || '/', Buffer.concat(chunks))).catch(() => {
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${bound}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
