import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FakeSource } from './types';

/**
 * Web-disk channels and the forbidden-word list, replaying recorded answers
 * (server/test/fixtures/webdisk). The app points every channel here with
 * WEBDISK_BASE_URL={fakes}/webdisk, so a channel key is the first path segment.
 * The keyword 故障 makes any channel answer 500; 乱码 answers a body that is no answer.
 */

const FIXTURES = resolve(import.meta.dirname, '../fixtures/webdisk');
const fixture = (name: string) => readFileSync(resolve(FIXTURES, name), 'utf8');

/** Requests seen, newest last: tests read what the server sent (the aggregation body). */
export const webdiskRequests: { method: string; path: string; body: string }[] = [];

/** Recorded answer of one channel page; null = that channel returns no more items. */
function answer(key: string, page: number): { type: string; body: string } | null {
  switch (key) {
    case 'Up1Url':
      if (page > 2) return { type: 'text/plain', body: fixture('up1-empty.b64') };
      return { type: 'text/plain', body: fixture(page === 1 ? 'up1-page1.b64' : 'up1-page2.b64') };
    case 'Up2Url':
      return page === 1 ? { type: 'application/json', body: fixture('up2-page1.json') } : { type: 'application/json', body: '{"code":200,"data":{"total":0,"list":[]}}' };
    case 'brotherUrl':
      return page === 1 ? { type: 'text/html; charset=utf-8', body: fixture('brother-page1.html') } : { type: 'text/html', body: '<div class="result-list"></div>' };
    case 'aggregate_index':
      return page === 1 ? { type: 'application/json', body: fixture('aggregate-page1.json') } : { type: 'application/json', body: '{"code":0,"data":{"items":[]}}' };
    default:
      return null;
  }
}

const channels: FakeSource = {
  prefix: '/webdisk',
  handle(req, res, path, body) {
    const url = new URL(path, 'http://fake');
    const key = url.pathname.replace(/^\/+/, '');
    const posted = body.length ? (JSON.parse(body.toString('utf8')) as { q?: string; page?: number }) : {};
    webdiskRequests.push({ method: req.method ?? 'GET', path, body: body.toString('utf8') });
    const keyword = url.searchParams.get('keyword') ?? posted.q ?? '';
    const page = Number(url.searchParams.get('page') ?? posted.page ?? 1);
    if (keyword === '故障') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return void res.end('upstream error');
    }
    if (keyword === '乱码') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end('<<<not an answer>>>');
    }
    const hit = answer(key, page);
    if (!hit) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end('unknown channel');
    }
    res.writeHead(200, { 'content-type': hit.type });
    res.end(hit.body);
  },
};

/** The remote forbidden-word list: /list.json answers JSON, /list.txt one word a line, /broken 500. */
const words: FakeSource = {
  prefix: '/webdisk-words',
  handle(_req, res, path) {
    if (path.startsWith('/list.json')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(fixture('forbidden-words.json'));
    }
    if (path.startsWith('/list.txt')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return void res.end('自动化办公\nEPUB\n');
    }
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('list unavailable');
  },
};

export const WEBDISK_FAKES: FakeSource[] = [channels, words];
