// Checks of deploy/nginx.conf (scripts/check-deploy.mjs): what streams, uploads and client addresses
// rely on at the location serving /api/. A small parser of nginx's syntax (directives, blocks, quotes,
// comments) and nginx's inheritance: a directive set in http or server applies to a location that does
// not set it; proxy_set_header lines are inherited only by a level that has none of its own.

/** Split nginx.conf into words, ';', '{' and '}' with their line numbers. */
function tokens(text) {
  const out = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') line++;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === ';' || c === '{' || c === '}') {
      out.push({ t: c, line });
      i++;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let word = '';
      while (j < text.length && text[j] !== c) {
        if (text[j] === '\\' && j + 1 < text.length) j++;
        if (text[j] === '\n') line++;
        word += text[j++];
      }
      if (j >= text.length) throw new Error(`line ${line}: unclosed quote`);
      out.push({ t: 'word', v: word, line });
      i = j + 1;
    } else {
      let j = i;
      while (j < text.length && !/[\s;{}#]/.test(text[j])) j++;
      out.push({ t: 'word', v: text.slice(i, j), line });
      i = j;
    }
  }
  return out;
}

/** The configuration as a tree: { name, args, line, children (blocks only), parent }. */
export function parseNginx(text) {
  const root = { name: 'main', args: [], line: 0, children: [], parent: null };
  let block = root;
  let words = [];
  for (const tok of tokens(text)) {
    if (tok.t === 'word') {
      words.push(tok);
    } else if (tok.t === ';' || tok.t === '{') {
      if (words.length === 0) throw new Error(`line ${tok.line}: '${tok.t}' without a directive`);
      const node = {
        name: words[0].v,
        args: words.slice(1).map((w) => w.v),
        line: words[0].line,
        children: tok.t === '{' ? [] : null,
        parent: block,
      };
      block.children.push(node);
      if (tok.t === '{') block = node;
      words = [];
    } else {
      if (words.length) throw new Error(`line ${tok.line}: '${words[0].v}' is missing its ';'`);
      if (!block.parent) throw new Error(`line ${tok.line}: '}' closes nothing`);
      block = block.parent;
    }
  }
  if (words.length) throw new Error(`'${words[0].v}' is missing its ';' at the end`);
  if (block !== root) throw new Error(`the block '${block.name}' opened on line ${block.line} is never closed`);
  return root;
}

const childrenNamed = (node, name) => (node.children ?? []).filter((c) => c.name === name);

/** The nearest setting of a directive from `node` outwards (location, server, http), or undefined. */
function effective(node, name) {
  for (let n = node; n; n = n.parent) {
    const found = childrenNamed(n, name);
    if (found.length) return found[found.length - 1];
  }
  return undefined;
}

/** proxy_set_header lines in force at `node`: those of the nearest level that has any. */
function headersAt(node) {
  for (let n = node; n; n = n.parent) {
    const found = childrenNamed(n, 'proxy_set_header');
    if (found.length) return new Map(found.map((d) => [d.args[0]?.toLowerCase(), d.args[1] ?? '']));
  }
  return new Map();
}

/** nginx sizes: 110m, 1g, 512k, 1048576; 0 means no limit. */
export function sizeBytes(text) {
  const m = /^(\d+)([kKmMgG]?)$/.exec(String(text));
  if (!m) return NaN;
  if (Number(m[1]) === 0) return Infinity;
  return Number(m[1]) * { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2].toLowerCase()];
}

/** nginx times: 3600s, 1h, 1h30m, 90 (seconds), 500ms. */
export function timeSeconds(text) {
  if (/^\d+$/.test(String(text))) return Number(text);
  const units = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400, w: 604800, M: 2592000, y: 31536000 };
  let total = 0;
  let rest = String(text);
  while (rest) {
    const m = /^(\d+)(ms|s|m|h|d|w|M|y)/.exec(rest);
    if (!m) return NaN;
    total += Number(m[1]) * units[m[2]];
    rest = rest.slice(m[0].length);
  }
  return total;
}

/** Directives the checks read that take exactly one argument: more means a ';' went missing. */
const ONE_ARGUMENT = [
  'proxy_buffering',
  'proxy_http_version',
  'proxy_read_timeout',
  'proxy_send_timeout',
  'proxy_cache',
  'gzip',
  'client_max_body_size',
  'proxy_pass',
];

function* walkTree(node) {
  for (const child of node.children ?? []) {
    yield child;
    yield* walkTree(child);
  }
}

const API_PATHS = new Set(['/api/', '/api']);
/** The longest silence a stream may show nginx: the app's upstream timeouts are 60 s. */
const MIN_READ_TIMEOUT_S = 120;

export function checkNginx({ text, file = 'deploy/nginx.conf', largestUpload }) {
  let root;
  try {
    root = parseNginx(text);
  } catch (err) {
    return [`${file}: ${err.message}`];
  }
  const problems = [];
  for (const d of walkTree(root)) {
    if (ONE_ARGUMENT.includes(d.name) && d.args.length !== 1) {
      problems.push(`${file}:${d.line}: ${d.name} takes one argument, found ${d.args.length} (a missing ';'?)`);
    }
  }
  if (problems.length) return problems;
  const servers = childrenNamed(root, 'http').flatMap((h) => childrenNamed(h, 'server'));
  const api = servers.flatMap((s) => childrenNamed(s, 'location')).find((l) => API_PATHS.has(l.args[l.args.length - 1]));
  if (!api) return [`${file}: no 'location /api/' block: the SSE settings below belong there`];
  const where = `${file}:${api.line} (location /api/)`;
  const value = (name) => effective(api, name)?.args.join(' ');

  const pass = value('proxy_pass');
  if (!pass) problems.push(`${where}: no proxy_pass`);
  if (value('proxy_buffering') !== 'off')
    problems.push(`${where}: proxy_buffering must be off: buffered server-sent events arrive in lumps, not token by token`);
  if (value('proxy_http_version') !== '1.1')
    problems.push(`${where}: proxy_http_version must be 1.1 (1.0 closes each stream's connection and has no keepalive)`);
  const read = timeSeconds(value('proxy_read_timeout') ?? '60s');
  if (!(read >= MIN_READ_TIMEOUT_S))
    problems.push(
      `${where}: proxy_read_timeout is ${value('proxy_read_timeout') ?? '60s (the default)'}; at least ${MIN_READ_TIMEOUT_S}s so nginx never cuts a long answer the app is still waiting on`,
    );
  if ((effective(api, 'proxy_ignore_headers')?.args ?? []).some((h) => h.toLowerCase() === 'x-accel-buffering')) {
    problems.push(`${where}: proxy_ignore_headers X-Accel-Buffering throws away the app's 'X-Accel-Buffering: no' on event streams`);
  }
  if (value('gzip') === 'on') {
    const types = effective(api, 'gzip_types')?.args ?? [];
    if (types.includes('text/event-stream') || types.includes('*'))
      problems.push(`${where}: gzip covers text/event-stream: the compressor holds tokens back; turn gzip off for /api/`);
  }

  const headers = headersAt(api);
  const xff = headers.get('x-forwarded-for');
  if (xff === undefined)
    problems.push(
      `${where}: no 'proxy_set_header X-Forwarded-For $remote_addr': with TRUST_PROXY=1 the app would see nginx's address as every client's`,
    );
  else if (xff !== '$remote_addr') {
    problems.push(
      `${where}: X-Forwarded-For is '${xff}': the app (TRUST_PROXY=1) takes the leftmost address, which a client can forge unless nginx overwrites the header with $remote_addr (after the realip module where a load balancer sits in front)`,
    );
  }
  if (!headers.has('x-forwarded-proto'))
    problems.push(`${where}: no 'proxy_set_header X-Forwarded-Proto $scheme': links the app builds (invites) would say http`);
  if (!headers.has('host')) problems.push(`${where}: no 'proxy_set_header Host': the app would see the upstream's name`);

  const upstreamName = /^https?:\/\/([^/:]+)/.exec(pass ?? '')?.[1];
  const upstream = childrenNamed(root, 'http')
    .flatMap((h) => childrenNamed(h, 'upstream'))
    .find((u) => u.args[0] === upstreamName);
  if (upstream) {
    if (childrenNamed(upstream, 'server').length === 0) problems.push(`${file}:${upstream.line}: upstream ${upstreamName} lists no server`);
    if (childrenNamed(upstream, 'keepalive').length && headers.get('connection') !== '') {
      problems.push(
        `${where}: upstream ${upstreamName} keeps connections alive but 'proxy_set_header Connection ""' is missing, so each request closes its connection`,
      );
    }
  }

  // GET /metrics is per process and bearer-protected: balanced through the proxy it reads a random
  // process, and it is open to the internet. A `location = /metrics` that returns or denies keeps it in.
  const metrics = servers.flatMap((s) => childrenNamed(s, 'location')).find((l) => l.args.join(' ') === '= /metrics');
  if (!metrics || childrenNamed(metrics, 'proxy_pass').length) {
    problems.push(
      `${file}: /metrics is passed through to a random process: add 'location = /metrics { return 404; }' (Prometheus scrapes each process itself)`,
    );
  }

  const body = effective(api, 'client_max_body_size')?.args[0] ?? '1m';
  if (largestUpload && !(sizeBytes(body) >= largestUpload.bytes)) {
    problems.push(
      `${where}: client_max_body_size ${body} is under the largest upload the app accepts (${largestUpload.name}, ${Math.round(largestUpload.bytes / 1024 / 1024)} MB): nginx would answer 413 first`,
    );
  }
  return problems;
}
