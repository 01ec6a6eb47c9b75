import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { createKeyValueStore, type KeyValueStore } from '../../infra/kv';
import { announceUserChange } from '../auth/service';
import { listAdmins, setRoleByPhone } from './roles';

/**
 * Operator CLI for the admin role (docs/admin.md):
 *
 *   npm run admin -w server -- grant <phone>     give the account of <phone> the admin role
 *   npm run admin -w server -- revoke <phone>    take it back
 *   npm run admin -w server -- list              the admin accounts
 *
 * Grant and revoke write an audit row (actor 'cli'); running either twice changes nothing the second time. The account
 * must exist (log in once). It opens the database of the server's settings (DATABASE_URL, or the PGlite folder in
 * DATA_DIR: stop the server first); with REDIS_URL set, running servers drop the account's cached sessions at once.
 */
export const USAGE = 'usage: admin grant <phone> | revoke <phone> | list';

export interface AdminCliContext {
  database: Database;
  config: Config;
  /** The servers' shared store, to tell them the role changed (absent: their session cache expires within seconds). */
  kv?: KeyValueStore;
}

export async function runAdminCli(ctx: AdminCliContext, args: string[], out: (line: string) => void): Promise<number> {
  const [command, phone] = args;
  if (command === 'list' && args.length === 1) {
    const admins = await listAdmins(ctx);
    if (admins.length === 0) out('no admin account');
    for (const a of admins) out(`${a.id}\t${a.phone}\t${a.nick}`);
    return 0;
  }
  if ((command !== 'grant' && command !== 'revoke') || !phone || args.length !== 2) {
    out(USAGE);
    return 2;
  }
  const outcome = await setRoleByPhone(ctx, phone.trim(), command === 'grant' ? 'admin' : 'user');
  if (outcome.kind === 'bad_phone') {
    out(`"${phone}" is not a mainland mobile number`);
    out(USAGE);
    return 2;
  }
  if (outcome.kind === 'no_account') {
    out(`no account has the phone ${phone}: it must log in once first`);
    return 1;
  }
  const { change } = outcome;
  if (ctx.kv) await announceUserChange(ctx.kv, change.userId);
  if (change.before === change.after) out(`user ${change.userId} (${outcome.phone}) already has the role ${change.after}: nothing changed`);
  else out(`user ${change.userId} (${outcome.phone}): role ${change.before} -> ${change.after}`);
  if (outcome.stillConfigured) out(`note: ${outcome.phone} is listed in ADMIN_PHONES, so its next login grants the role again; remove it there too`);
  return 0;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir, poolSize: 2 });
  const kv = config.redisUrl ? await createKeyValueStore(config) : undefined;
  try {
    process.exitCode = await runAdminCli({ database, config, kv }, process.argv.slice(2), (line) => console.log(line));
  } finally {
    await kv?.close();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
