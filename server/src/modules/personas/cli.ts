import { pathToFileURL } from 'node:url';
import { PERSONA_STATUS } from '@wanxiang/contract';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { findPersona, listByStatus, setPersonaStatus, type PersonasContext } from './service';

/**
 * Operator review of personas until the admin screens exist:
 *
 *   npm run personas -w server -- pending            list personas waiting for review
 *   npm run personas -w server -- show <id>          print one persona
 *   npm run personas -w server -- approve <id>       status 1: everyone sees it
 *   npm run personas -w server -- refuse <id>        status 2: its author sees it in red
 *
 * It opens the database of the server's settings (DATABASE_URL or DATA_DIR). With the embedded
 * PGlite, stop the server first: only one process may open a PGlite data directory.
 */
export const USAGE = 'usage: personas pending | show <id> | approve <id> | refuse <id>';

/** Run one command; answers the exit code, writing lines through `out`. */
export async function runPersonaCli(ctx: PersonasContext, args: string[], out: (line: string) => void): Promise<number> {
  const [command, rawId] = args;
  if (command === 'pending') {
    const rows = await listByStatus(ctx, PERSONA_STATUS.pending);
    if (rows.length === 0) out('no persona is waiting for review');
    for (const r of rows) out(`${r.id}\t${r.title}\tuser ${r.userId ?? '-'}\t${r.createdAt.toISOString()}`);
    return 0;
  }
  const id = Number(rawId);
  if (!['show', 'approve', 'refuse'].includes(command ?? '') || !Number.isSafeInteger(id) || id <= 0) {
    out(USAGE);
    return 2;
  }
  if (command === 'show') {
    const row = await findPersona(ctx, id);
    if (!row) {
      out(`persona ${id} not found`);
      return 1;
    }
    out(JSON.stringify(row, null, 2));
    return 0;
  }
  const status = command === 'approve' ? PERSONA_STATUS.approved : PERSONA_STATUS.refused;
  try {
    const row = await setPersonaStatus(ctx, id, status);
    out(`persona ${row.id} "${row.title}" is now ${command === 'approve' ? 'approved (1)' : 'refused (2)'}`);
    return 0;
  } catch {
    out(`persona ${id} not found`);
    return 1;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    poolSize: 2,
  });
  try {
    process.exitCode = await runPersonaCli({ database }, process.argv.slice(2), (line) => console.log(line));
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
