import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ServerResponse } from 'node:http';
import type { FakeSource } from './types';

/**
 * Hot-list sites (docs/product/search.md §2) replaying recorded answers of their public APIs:
 * Zhihu /topstory/hot-list, Baidu /api/board, Weibo /ajax/side/hotSearch. `/hot-broken` answers
 * an error page and `/hot-garbage` a 200 that is not JSON, for the failure paths.
 */

const FIXTURES = resolve(import.meta.dirname, '../fixtures/search');
const fixture = (name: string) => readFileSync(resolve(FIXTURES, name), 'utf8');

/** Requests served per source, so tests can see the cache at work. */
export const hotHits: Record<string, number> = {};

function json(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
}

function recorded(prefix: string, path: string, file: string): FakeSource {
  return {
    prefix,
    handle(_req, res, p) {
      hotHits[prefix] = (hotHits[prefix] ?? 0) + 1;
      if (p.split('?')[0] !== path) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return void res.end('not found');
      }
      json(res, fixture(file));
    },
  };
}

export const HOT_SOURCES_FAKE: FakeSource[] = [
  recorded('/hot-zhihu', '/topstory/hot-list', 'zhihu-hot-list.json'),
  recorded('/hot-baidu', '/api/board', 'baidu-board.json'),
  recorded('/hot-weibo', '/ajax/side/hotSearch', 'weibo-hot-search.json'),
  {
    prefix: '/hot-broken',
    handle(_req, res) {
      hotHits['/hot-broken'] = (hotHits['/hot-broken'] ?? 0) + 1;
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>502 Bad Gateway</body></html>');
    },
  },
  {
    prefix: '/hot-garbage',
    handle(_req, res) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>验证码</body></html>');
    },
  },
];
