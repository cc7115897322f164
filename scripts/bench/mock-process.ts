// The mock as its own process for the bench: startMockServer on 127.0.0.1:0, origin printed as one JSON line.
// Options come as JSON in BENCH_MOCK_OPTIONS ({ "seed"?, "files"?, "profileFile"? }). With profileFile, a CPU
// profile runs from "listening" (start-up excluded) until SIGTERM, then is written there.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { startMockServer } from '../../mocks/http/start-mock-server.ts';

const { profileFile, ...options } = JSON.parse(process.env.BENCH_MOCK_OPTIONS ?? '{}') as {
  seed?: number;
  files?: number;
  profileFile?: string;
};
const server = await startMockServer({ host: '127.0.0.1', port: 0, ...options });

let session: Session | undefined;
if (profileFile) {
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
console.log(JSON.stringify({ origin: server.origin, readyMs: Math.round(performance.now()) }));

async function shutDown(): Promise<void> {
  if (session && profileFile) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(profile));
  }
  await server.close();
}

process.once('SIGTERM', () => {
  // Exit even if a client keeps a connection open.
  setTimeout(() => process.exit(0), 5000).unref();
  void shutDown().finally(() => process.exit(0));
});
