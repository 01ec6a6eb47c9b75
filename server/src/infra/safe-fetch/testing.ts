import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { SafeFetchError, type SafeFetchReason } from './errors';
import type { Lookup } from './resolve';

/** Test support for the safe-fetch suites (imported by tests only). */

/** What internal services answer: it must never appear in anything a caller sees. */
export const SECRET = 'SECRET-INTERNAL-ANSWER-7f3a';

export interface FakeServer {
  port: number;
  hits: IncomingMessage[];
  server: Server;
}

/** A local HTTP server that records every request it receives. */
export async function startServer(host: string, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<FakeServer> {
  const hits: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    hits.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { port: (server.address() as AddressInfo).port, hits, server };
}

export async function stopServers(...servers: Array<FakeServer | undefined>): Promise<void> {
  for (const s of servers) s?.server.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => (s ? s.server.close(r) : r(undefined)))));
}

/** An internal service: answers the secret to anyone who reaches it. */
export const startInternal = (host: string) => startServer(host, (_req, res) => res.end(SECRET));

export async function expectReason(p: Promise<unknown>, reason: SafeFetchReason): Promise<SafeFetchError> {
  let caught: unknown;
  try {
    await p;
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(SafeFetchError);
  const err = caught as SafeFetchError;
  expect(err.reason).toBe(reason);
  return err;
}

/** Nothing of the internal answer in anything the caller can see or log. */
export function expectNoLeak(err: SafeFetchError): void {
  const visible = [err.message, String(err), err.stack ?? '', JSON.stringify(err), JSON.stringify(err.cause ?? null)].join('\n');
  expect(visible).not.toContain(SECRET);
}

/** For URLs that must be decided without DNS. */
export const noDns: Lookup = async (host) => {
  throw new Error(`lookup must not be called for ${host}`);
};
