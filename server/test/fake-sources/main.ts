import { startFakeSources } from './server';

// Browser tests and local trials: `node --import tsx server/test/fake-sources/main.ts <port>`.
const port = Number(process.argv[2] ?? process.env.FAKE_SOURCES_PORT ?? 3199);
const fakes = await startFakeSources(port);
console.log(`fake outside sources on ${fakes.baseUrl}`);
