import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Named prepared statements for the few statements on the hot path of every streamed answer (the
 * quota hold before the first byte, its keep-alive and close after). The database parses and
 * plans each once per connection instead of on every call: on embedded PGlite, which runs on the
 * server's own thread, planning a CTE costs more than running it (bench/: the hold went from
 * about 1.1 to 0.45 ms of CPU), and drizzle's extended-protocol query is six calls into the
 * WebAssembly module where one simple `EXECUTE` is two. On PostgreSQL node-postgres keeps a
 * named statement per pooled connection (Parse once, then Bind/Execute only).
 *
 * Inside a transaction (an executor with no client of its own) the statement runs as a plain
 * parameterized query through drizzle: same text, same answer.
 */

/** A drizzle handle or an open transaction on it. */
export type Executor = Pick<Db, 'execute'>;

/** A value bound to a statement parameter. */
export type PreparedValue = string | number | null;

export interface PreparedStatement {
  /** Unique per text; at most 63 characters (PostgreSQL's identifier length). */
  name: string;
  /** SQL with `$1`..`$n` placeholders. */
  text: string;
  /** SQL types of `$1`..`$n` (PGlite's `PREPARE name(types) AS ...`). */
  types: readonly string[];
}

export function preparedStatement(name: string, types: readonly string[], text: string): PreparedStatement {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`prepared statement name "${name}" is not a plain identifier`);
  return { name, types, text };
}

/** The rows of one prepared statement run on `db` with `values` for `$1`..`$n`. */
export async function runPrepared<T>(db: Executor, stmt: PreparedStatement, values: readonly PreparedValue[]): Promise<T[]> {
  if (values.length !== stmt.types.length) throw new Error(`${stmt.name}: ${stmt.types.length} parameters, ${values.length} values`);
  const client = (db as { $client?: unknown }).$client;
  if (isPglite(client) && values.every(isInlinable)) return pgliteExecute<T>(client, stmt, values);
  if (isPgPool(client)) return (await client.query<T>({ name: stmt.name, text: stmt.text, values: [...values] })).rows;
  const res = (await db.execute(asDrizzleSql(stmt.text, values))) as unknown as { rows: T[] };
  return res.rows;
}

interface PgliteLike {
  exec(query: string): Promise<{ rows: unknown[] }[]>;
  waitReady: Promise<void>;
}

interface PgPoolLike {
  query<T>(config: { name: string; text: string; values: PreparedValue[] }): Promise<{ rows: T[] }>;
  totalCount: number;
}

function isPglite(client: unknown): client is PgliteLike {
  return typeof client === 'object' && client !== null && 'waitReady' in client && typeof (client as PgliteLike).exec === 'function';
}

function isPgPool(client: unknown): client is PgPoolLike {
  return typeof client === 'object' && client !== null && 'totalCount' in client && typeof (client as PgPoolLike).query === 'function';
}

/** PostgreSQL's "prepared statement does not exist" and "already exists". */
const UNDEFINED_STATEMENT = '26000';
const DUPLICATE_STATEMENT = '42P05';

/**
 * PGlite has one session: `PREPARE` once (on the first `EXECUTE` that finds none, so a fresh or
 * cloned instance needs no set-up), then `EXECUTE name(literals)` in the simple protocol. The
 * values are written as literals: integers as digits, text as an escaped E'' string (the same
 * escaping as node-postgres's escapeLiteral), so no value can change the statement.
 */
async function pgliteExecute<T>(client: PgliteLike, stmt: PreparedStatement, values: readonly PreparedValue[]): Promise<T[]> {
  const call = `EXECUTE ${stmt.name}(${values.map(literal).join(', ')})`;
  try {
    return lastRows<T>(await client.exec(call));
  } catch (err) {
    if (codeOf(err) !== UNDEFINED_STATEMENT) throw err;
  }
  try {
    await client.exec(`PREPARE ${stmt.name}(${stmt.types.join(', ')}) AS ${stmt.text}`);
  } catch (err) {
    // Another call prepared it meanwhile.
    if (codeOf(err) !== DUPLICATE_STATEMENT) throw err;
  }
  return lastRows<T>(await client.exec(call));
}

function lastRows<T>(results: { rows: unknown[] }[]): T[] {
  return (results.at(-1)?.rows ?? []) as T[];
}

function codeOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
}

/** Integers, null and text without NUL (which PostgreSQL text cannot hold anyway) are written inline. */
function isInlinable(v: PreparedValue): boolean {
  if (v === null) return true;
  if (typeof v === 'number') return Number.isSafeInteger(v);
  return !v.includes('\u0000');
}

function literal(v: PreparedValue): string {
  if (v === null) return 'NULL';
  if (typeof v === 'number') return String(v);
  const quoted = v.replace(/'/g, "''");
  return v.includes('\\') ? ` E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`;
}

/** The statement as a drizzle query: its text between the placeholders, each value bound. */
function asDrizzleSql(text: string, values: readonly PreparedValue[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
    else chunks.push(sql`${values[Number(parts[i]) - 1]}`);
  }
  return sql.join(chunks);
}
