import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { Code, fail, MSG } from '@wanxiang/contract';

/**
 * Node's HTTP server options for slow clients: a request must arrive whole within
 * `requestTimeoutMs` and its headers within `headersTimeoutMs` (HTTP_* settings). Only the
 * request is timed; an answer may stream as long as it likes. Node looks at open requests once
 * a second here instead of every 30 s, so a client past its time goes within about a second.
 */
export function slowClientOptions(http: { requestTimeoutMs: number; headersTimeoutMs: number }) {
  return {
    requestTimeout: http.requestTimeoutMs,
    http: { headersTimeout: http.headersTimeoutMs, connectionsCheckingInterval: 1_000 },
  };
}

/** Status and envelope for errors Node raises on a connection before Fastify sees a request. */
function clientErrorBody(code: string | undefined): { status: number; body: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, body: JSON.stringify(fail(408, MSG.timeout)) };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, body: JSON.stringify(fail(Code.BAD_REQUEST, MSG.badRequest)) };
  return { status: 400, body: JSON.stringify(fail(Code.BAD_REQUEST, MSG.badRequest)) };
}

/**
 * Fastify's `clientErrorHandler`: a client too slow (408) or sending a broken request gets the
 * envelope like every other answer, then the connection closes.
 */
export function clientErrors(err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = clientErrorBody(err.code);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
