// Env files as Docker Compose reads them (.env, env_file) and compose's ${VAR} interpolation, for the
// deployment checks (scripts/check-deploy.mjs). Only the forms our files use: KEY=value lines, `#`
// comments, values optionally in quotes; ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error},
// ${VAR?error}, ${VAR:+alt}, ${VAR+alt}, $VAR and $$ (a literal $).

const KEY = '[A-Za-z_][A-Za-z0-9_]*';
const ACTIVE_LINE = new RegExp(`^(${KEY})=(.*)$`);
// `# KEY=value`: an optional setting the example names without setting it.
const COMMENTED_LINE = new RegExp(`^#\\s?(${KEY})=`);

/**
 * An example env file: `active` maps the keys it sets to their values (quotes removed), `mentioned`
 * holds those plus the keys it shows commented out, `lines` the line of each key's first mention.
 */
export function parseEnvFile(text) {
  const active = new Map();
  const mentioned = new Set();
  const lines = new Map();
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    const set = ACTIVE_LINE.exec(line);
    const commented = set ? null : COMMENTED_LINE.exec(line);
    const key = set?.[1] ?? commented?.[1];
    if (!key) return;
    mentioned.add(key);
    if (!lines.has(key)) lines.set(key, i + 1);
    if (set) active.set(key, set[2].trim().replace(/^(['"])(.*)\1$/, '$2'));
  });
  return { active, mentioned, lines };
}

const REFERENCE = new RegExp(`\\$(?:\\$|\\{(${KEY})(?:(:?[-?+])([^}]*))?\\}|(${KEY}))`, 'g');

/**
 * Compose's interpolation of one string. `lookup(name)` answers the value or undefined when unset.
 * Returns the result, every variable named, and the errors compose would stop with (`:?` / `?`).
 */
export function interpolate(text, lookup) {
  const names = [];
  const errors = [];
  const value = text.replace(REFERENCE, (whole, braced, op, arg, bare) => {
    if (whole === '$$') return '$';
    const name = braced ?? bare;
    names.push(name);
    const v = lookup(name);
    const empty = v === undefined || v === '';
    switch (op) {
      case ':-':
        return empty ? arg : v;
      case '-':
        return v === undefined ? arg : v;
      case ':?':
      case '?':
        if (op === ':?' ? empty : v === undefined) errors.push(`${name}: ${arg || 'required variable is missing a value'}`);
        return v ?? '';
      case ':+':
        return empty ? '' : arg;
      case '+':
        return v === undefined ? '' : arg;
      default:
        return v ?? '';
    }
  });
  return { value, names, errors };
}

/** Interpolate every string value (not the keys) of a parsed compose document. */
export function interpolateTree(node, lookup, found = { names: new Set(), errors: [] }) {
  if (typeof node === 'string') {
    const r = interpolate(node, lookup);
    r.names.forEach((n) => found.names.add(n));
    found.errors.push(...r.errors);
    return { value: r.value, ...found };
  }
  if (Array.isArray(node)) return { value: node.map((v) => interpolateTree(v, lookup, found).value), ...found };
  if (node && typeof node === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(node)) out[k] = interpolateTree(v, lookup, found).value;
    return { value: out, ...found };
  }
  return { value: node, ...found };
}

/** Names whose values are secrets: an example file must leave them empty (or name a file). */
export const SECRET_NAME = /PASSWORD|SECRET|TOKEN|_KEY$/;

/** Problems of an example env file: a secret with a value in it (examples are committed). */
export function exampleSecretProblems(file, parsed) {
  const problems = [];
  for (const [key, value] of parsed.active) {
    if (SECRET_NAME.test(key) && value !== '' && !value.startsWith('/')) {
      problems.push(
        `${file}:${parsed.lines.get(key)}: ${key} has a value; an example leaves secrets empty (or names a file) so nothing real is committed and a forgotten one fails loudly`,
      );
    }
  }
  return problems;
}
