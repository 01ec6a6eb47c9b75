#!/usr/bin/env node
// Container health check of the image (Dockerfile HEALTHCHECK, compose.yaml). Plain JavaScript with no
// dependencies, so it costs one short node start every interval and never loads the server's code.
//
//   node deploy/healthcheck.mjs          web server: GET /api/health on this container answers 200
//   node deploy/healthcheck.mjs worker   task worker (no HTTP): PostgreSQL at DATABASE_URL answers its
//                                        protocol and, when REDIS_URL is set, Redis answers PING
//
// Exit 0 = healthy, 1 = not (the reason on stderr, which `docker inspect` shows).
// Node's globals come from their modules: eslint's no-undef knows no Node globals outside scripts/.
import { Buffer } from 'node:buffer';
import console from 'node:console';
import { get } from 'node:http';
import { connect } from 'node:net';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { URL } from 'node:url';

const TIMEOUT_MS = 4_000;

/** Open a TCP connection, write `hello`, resolve with the first bytes the server answers. */
function ask(host, port, hello) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const timer = setTimeout(() => socket.destroy(new Error(`${host}:${port} did not answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    socket.once('connect', () => socket.write(hello));
    socket.once('data', (data) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(data);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/**
 * PostgreSQL's SSLRequest (length 8, code 80877103) needs no password: a live server answers one byte,
 * 'S' or 'N'. That proves the database process accepts connections from this container.
 */
async function postgresAnswers(url) {
  const u = new URL(url);
  const hello = Buffer.alloc(8);
  hello.writeInt32BE(8, 0);
  hello.writeInt32BE(80877103, 4);
  const answer = await ask(u.hostname, Number(u.port || 5432), hello);
  const byte = String.fromCharCode(answer[0]);
  if (byte !== 'S' && byte !== 'N') throw new Error(`PostgreSQL at ${u.hostname} answered ${JSON.stringify(byte)}`);
}

/** PING answers +PONG, or -NOAUTH without the password: either way Redis is up and reachable. */
async function redisAnswers(url) {
  const u = new URL(url);
  const answer = (await ask(u.hostname, Number(u.port || 6379), 'PING\r\n')).toString('latin1');
  if (!answer.startsWith('+PONG') && !answer.startsWith('-NOAUTH'))
    throw new Error(`Redis at ${u.hostname} answered ${JSON.stringify(answer.trim())}`);
}

function serverAnswers() {
  const port = process.env.PORT || '3000';
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path: '/api/health', timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      if (res.statusCode === 200) resolve();
      else reject(new Error(`/api/health answered ${res.statusCode}`));
    });
    req.once('timeout', () => req.destroy(new Error(`/api/health did not answer within ${TIMEOUT_MS} ms`)));
    req.once('error', reject);
  });
}

async function main(role) {
  if (role === 'worker') {
    if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is not set (npm run worker needs PostgreSQL)');
    await postgresAnswers(process.env.DATABASE_URL);
    if (process.env.REDIS_URL) await redisAnswers(process.env.REDIS_URL);
    return;
  }
  await serverAnswers();
}

main(process.argv[2]).then(
  () => process.exit(0),
  (err) => {
    console.error(`unhealthy: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
