#!/usr/bin/env node
// `npm audit` of what production installs (`--omit=dev`), run by `npm test`: fails on any high or
// critical advisory, naming the packages and advisories. When the registry's audit endpoint does
// not answer (offline, or a mirror without it: some answer 405), it says so in one line and passes,
// like the database and Redis checks that are skipped when their server is absent;
// AUDIT_REQUIRED=1 makes that a failure too (for a CI that must audit). Plain JavaScript.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BLOCKING = ['high', 'critical'];

/**
 * What an `npm audit --json` report means for CI: `unavailable` when npm could not get advisories,
 * else `fail` with the blocking findings or `pass` with the counts.
 */
export function auditVerdict(report) {
  if (!report || typeof report !== 'object' || report.error || !report.metadata?.vulnerabilities) {
    const why = report?.error?.summary || report?.message || report?.error?.code || 'no report';
    return { verdict: 'unavailable', why: String(why).split('\n')[0] };
  }
  const counts = report.metadata.vulnerabilities;
  const blocking = Object.values(report.vulnerabilities ?? {})
    .filter((v) => BLOCKING.includes(v.severity))
    .map((v) => {
      const advisories = (v.via ?? []).filter((x) => typeof x === 'object').map((x) => `${x.title} (${x.url})`);
      const through = (v.via ?? []).filter((x) => typeof x === 'string');
      return `${v.name} ${v.range} [${v.severity}]${advisories.length ? `: ${advisories.join('; ')}` : ''}${through.length ? ` via ${through.join(', ')}` : ''}${v.fixAvailable ? ' (fix available)' : ''}`;
    });
  return blocking.length ? { verdict: 'fail', blocking, counts } : { verdict: 'pass', counts };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    report = { message: (run.stderr || run.error?.message || 'npm audit printed no JSON').trim() };
  }
  const v = auditVerdict(report);
  if (v.verdict === 'fail') {
    console.error(`[audit] ${v.blocking.length} high or critical advisory(ies) in production dependencies:\n  ${v.blocking.join('\n  ')}`);
    process.exit(1);
  } else if (v.verdict === 'unavailable') {
    const required = process.env.AUDIT_REQUIRED === '1';
    console.log(`[audit] the registry's audit endpoint did not answer (${v.why}): npm audit ${required ? 'is required (AUDIT_REQUIRED=1)' : 'skipped'}`);
    if (required) process.exit(1);
  } else {
    const c = v.counts;
    console.log(`[audit] no high or critical advisories in production dependencies (moderate ${c.moderate}, low ${c.low}, info ${c.info})`);
  }
}
