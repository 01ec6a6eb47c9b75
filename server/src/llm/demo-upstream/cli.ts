/**
 * Run the demo upstream on its own (the benchmark's baseline upstream, or a local stand-in for
 * a vendor):
 *
 *   npx tsx server/src/llm/demo-upstream/cli.ts --port 4010 [--host 127.0.0.1] [--delay 30]
 *
 * The per-token delay defaults to DEMO_TOKEN_DELAY_MS (config.ts), else 30 ms.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { startDemoUpstream } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    delay: { type: 'string' },
  },
});

const port = Number(values.port);
const delay = values.delay === undefined ? loadConfig().demoTokenDelayMs : Number(values.delay);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, got ${values.port}`);
if (!Number.isFinite(delay) || delay < 0) throw new Error(`--delay must be a number of ms >= 0, got ${values.delay}`);

const upstream = await startDemoUpstream({ port, host: values.host, tokenDelayMs: delay });
console.log(`demo upstream listening on ${upstream.baseUrl} (token delay ${delay} ms)`);

const stop = () => {
  upstream.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
