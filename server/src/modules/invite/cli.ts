import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { payCashOrder, pendingCashOrders, refuseCashOrder } from './service';

/**
 * Operator handling of cash-outs until the admin screens exist:
 *
 *   npm run invite -w server -- cash pending        list cash-outs waiting for payment
 *   npm run invite -w server -- cash pay <id>       mark one paid (the money was sent by hand)
 *   npm run invite -w server -- cash refuse <id>    refuse one: its money returns to the wallet
 *
 * Pay and refuse act on pending orders only, so running either twice changes nothing.
 * It opens the database of the server's settings; with the embedded PGlite stop the server first.
 */
export const USAGE = 'usage: invite cash pending | cash pay <id> | cash refuse <id>';

export async function runInviteCli(
  ctx: { database: Database; config: Config },
  args: string[],
  out: (line: string) => void,
): Promise<number> {
  const [area, command, rawId] = args;
  if (area === 'cash' && command === 'pending') {
    const list = await pendingCashOrders(ctx);
    if (list.length === 0) out('no cash-out is waiting');
    for (const o of list) out(`${o.id}\tuser ${o.user_id}\t${o.money} 元\t${o.casher}\t${o.name}\t${o.created_at}`);
    return 0;
  }
  const id = Number(rawId);
  if (area !== 'cash' || !['pay', 'refuse'].includes(command ?? '') || !Number.isSafeInteger(id) || id <= 0) {
    out(USAGE);
    return 2;
  }
  const done = command === 'pay' ? await payCashOrder(ctx, id) : await refuseCashOrder(ctx, id);
  if (!done) {
    out(`cash-out ${id} is not pending (unknown, or already paid or refused): nothing changed`);
    return 1;
  }
  out(
    command === 'pay' ? `cash-out ${id} (${done.money} 元) marked paid` : `cash-out ${id} refused; ${done.money} 元 returned to the wallet`,
  );
  return 0;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir, poolSize: 2 });
  try {
    process.exitCode = await runInviteCli({ database, config }, process.argv.slice(2), (line) => console.log(line));
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
