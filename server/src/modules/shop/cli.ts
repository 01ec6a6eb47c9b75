import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { cardsOfBatch, issueCards } from './cards';

/**
 * Operator CLI for membership cards until the admin screens exist:
 *
 *   npm run cards -w server -- issue --shop <id> --count N [--batch name] [--days-valid D]
 *   npm run cards -w server -- list [--batch name]
 *
 * `issue` prints one code per line. It opens the database of the server's settings
 * (DATABASE_URL or DATA_DIR); with the embedded PGlite, stop the server first.
 */
export const USAGE = 'usage: cards issue --shop <id> --count N [--batch name] [--days-valid D] | list [--batch name]';

function flags(args: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('--')) out[a.slice(2)] = args[i + 1] ?? '';
  }
  return out;
}

export async function runCardsCli(
  ctx: { database: Database; catalogDir?: string },
  args: string[],
  out: (line: string) => void,
): Promise<number> {
  const [command, ...rest] = args;
  const f = flags(rest);
  if (command === 'issue') {
    const shopId = Number(f.shop);
    const count = Number(f.count);
    const daysValid = f['days-valid'] ? Number(f['days-valid']) : undefined;
    if (
      !Number.isSafeInteger(shopId) ||
      shopId <= 0 ||
      !Number.isSafeInteger(count) ||
      count <= 0 ||
      (daysValid !== undefined && !(daysValid > 0))
    ) {
      out(USAGE);
      return 2;
    }
    const batch = (f.batch || `batch-${new Date().toISOString().slice(0, 10)}`).slice(0, 32);
    try {
      const codes = await issueCards(ctx.database.db, { shopId, count, batch, daysValid, catalogDir: ctx.catalogDir });
      for (const c of codes) out(c);
      return 0;
    } catch (err) {
      out((err as Error).message);
      return 1;
    }
  }
  if (command === 'list') {
    const cards = await cardsOfBatch(ctx.database.db, f.batch || undefined);
    if (cards.length === 0) out('no cards');
    for (const c of cards) {
      const state =
        c.usedBy !== null
          ? `used by ${c.usedBy} at ${c.usedAt?.toISOString()}`
          : c.expiresAt && c.expiresAt < new Date()
            ? 'expired'
            : 'unused';
      out(`${c.code}\tshop ${c.shopId}\t${c.batch}\t${c.expiresAt ? `valid until ${c.expiresAt.toISOString()}` : 'no expiry'}\t${state}`);
    }
    return 0;
  }
  out(USAGE);
  return 2;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir, poolSize: 2 });
  try {
    process.exitCode = await runCardsCli({ database, catalogDir: config.catalogDir }, process.argv.slice(2), (line) => console.log(line));
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
