import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { FakeSource } from './types';

/**
 * OpenAlex, arXiv and document hosts for the scholar area, replaying recorded answers
 * (server/test/fixtures/scholar). The recorded works and feed entries are filtered and paged the
 * way the real services do it, so year filters, categories, dates and load-more behave as in
 * production. A keyword containing "fail" makes the service answer 500 (failing source).
 */

const FIXTURES = new URL('../fixtures/scholar/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));

interface Work {
  publication_year: number;
  [k: string]: unknown;
}

let works: Work[] | null = null;
function recordedWorks(): Work[] {
  works ??= ['openalex-works-page1.json', 'openalex-works-page2.json'].flatMap(
    (f) => (JSON.parse(fixture(f).toString('utf8')) as { results: Work[] }).results,
  );
  return works;
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.statusCode = status;
  res.setHeader('content-type', type);
  res.end(body);
}

/** OpenAlex filters used by the adapter: publication_year:Y and from_publication_date:Y-01-01. */
function yearMatches(work: Work, filter: string): boolean {
  for (const part of filter.split(',')) {
    const [key, value = ''] = part.split(':');
    if (key === 'publication_year' && work.publication_year !== Number(value)) return false;
    if (key === 'from_publication_date' && work.publication_year < Number(value.slice(0, 4))) return false;
  }
  return true;
}

const openalex: FakeSource = {
  prefix: '/openalex',
  handle(req, res, path) {
    const url = new URL(path, 'http://fake');
    if (url.pathname !== '/works') return send(res, 404, 'application/json', '{"error":"not found"}');
    const search = url.searchParams.get('search') ?? '';
    if (/fail/i.test(search)) return send(res, 500, 'text/html', '<html><body>Internal Server Error</body></html>');
    const page = Number(url.searchParams.get('page') ?? 1);
    const per = Number(url.searchParams.get('per-page') ?? 25);
    const filter = url.searchParams.get('filter');
    const all = recordedWorks().filter((w) => !filter || yearMatches(w, filter));
    const results = all.slice((page - 1) * per, page * per);
    const meta = { count: all.length, db_response_time_ms: 38, page, per_page: per, groups_count: null };
    // The recorded open-access PDFs hosted on example.org are served by the document fake below.
    const body = JSON.stringify({ meta, results, group_by: [] }).replaceAll(
      'https://example.org/papers/',
      `http://${req.headers.host}/scholar-docs/`,
    );
    send(res, 200, 'application/json', body);
  },
};

/** The recorded feed split into its head and entries (the real feed has the same layout). */
function recordedFeed(): { head: string; entries: string[] } {
  const xml = fixture('arxiv-query.xml').toString('utf8');
  const first = xml.indexOf('<entry>');
  const entries = xml.match(/<entry>[\s\S]*?<\/entry>/g) ?? [];
  return { head: xml.slice(0, first), entries };
}

/** The subset of arXiv's search_query syntax the adapter sends: all:, cat:, submittedDate:[A TO B], AND, OR. */
function entryMatches(entry: string, query: string): boolean {
  const cats = [...entry.matchAll(/<category term="([^"]+)"/g)].map((m) => m[1]);
  const published = (/<published>(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(entry) ?? []).slice(1).join('');
  const text = entry.toLowerCase();
  return query.split(' AND ').every((clause) => {
    const c = clause.trim().replace(/^\(|\)$/g, '');
    return c.split(' OR ').some((term) => {
      const t = term.trim();
      if (t.startsWith('cat:')) return cats.includes(t.slice(4));
      const date = /^submittedDate:\[(\d{12}) TO (\d{12})\]$/.exec(t);
      if (date) return published >= (date[1] ?? '') && published <= (date[2] ?? '');
      if (t.startsWith('all:'))
        return t
          .slice(4)
          .replace(/"/g, '')
          .toLowerCase()
          .split(/\s+/)
          .every((w) => text.includes(w));
      return false;
    });
  });
}

const arxiv: FakeSource = {
  prefix: '/arxiv',
  handle(_req, res, path) {
    const url = new URL(path, 'http://fake');
    if (url.pathname !== '/api/query') return send(res, 404, 'text/plain', 'not found');
    const query = url.searchParams.get('search_query') ?? '';
    if (/fail/i.test(query)) return send(res, 503, 'text/plain', 'Service Unavailable');
    const start = Number(url.searchParams.get('start') ?? 0);
    const max = Number(url.searchParams.get('max_results') ?? 10);
    const { head, entries } = recordedFeed();
    const matched = entries.filter((e) => entryMatches(e, query));
    const body =
      head
        .replace(/(<opensearch:totalResults[^>]*>)\d+/, `$1${matched.length}`)
        .replace(/(<opensearch:startIndex[^>]*>)\d+/, `$1${start}`) +
      matched.slice(start, start + max).join('\n') +
      '\n</feed>\n';
    send(res, 200, 'application/atom+xml; charset=utf-8', body);
  },
};

/** Document hosts for the download check, interpretation, translation and download. */
const docs: FakeSource = {
  prefix: '/scholar-docs',
  handle(req, res, path) {
    const head = req.method === 'HEAD';
    const body = (b: Buffer | string) => (head ? '' : b);
    switch (path.split('?')[0]) {
      case '/paper.pdf':
      case '/llm-science-survey.pdf':
      case '/efficient-attention.pdf':
        return send(res, 200, 'application/pdf', body(fixture('paper.pdf')));
      case '/partial.pdf':
        res.setHeader('content-range', 'bytes 0-994/995');
        return send(res, 206, 'application/pdf', body(fixture('paper.pdf')));
      case '/notes.txt':
        return send(res, 200, 'text/plain; charset=utf-8', body(fixture('notes.txt')));
      // Repositories that serve files as octet-stream: named by the path, or by Content-Disposition.
      case '/bitstream/paper.pdf':
        return send(res, 200, 'application/octet-stream', body(fixture('paper.pdf')));
      case '/bitstream/download':
        res.setHeader('content-disposition', `attachment; filename="x.bin"; filename*=UTF-8''${encodeURIComponent('论文.pdf')}`);
        return send(res, 200, 'application/octet-stream', body(fixture('paper.pdf')));
      case '/bitstream/blob':
        return send(res, 200, 'application/octet-stream', body('binary'));
      case '/report.docx':
        return send(res, 200, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', body('not really a docx'));
      case '/page.html':
        return send(res, 200, 'text/html; charset=utf-8', body('<html><body>landing page</body></html>'));
      case '/missing.pdf':
        return send(res, 404, 'text/html', body('not found'));
      case '/redirect-private':
        res.statusCode = 302;
        res.setHeader('location', 'http://10.0.0.1/secret.pdf');
        res.end();
        return;
      case '/redirect-paper':
        res.statusCode = 302;
        res.setHeader('location', '/scholar-docs/paper.pdf');
        res.end();
        return;
      default:
        return send(res, 404, 'text/plain', 'not found');
    }
  },
};

export const SCHOLAR_FAKES: FakeSource[] = [openalex, arxiv, docs];
