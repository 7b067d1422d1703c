import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * A Palco server of a spec's own, for a spec that needs configuration the shared one (playwright.config.ts
 * `webServer`) does not have — e.g. provider endpoints pointing at local servers started first. Same
 * build (dist/ and server/dist), same `bin/serve`, a fresh data folder; the port is picked at import so
 * the spec can `test.use({ baseURL })`.
 */
export const freePort = () =>
  Number(
    execFileSync(process.execPath, [
      '-e',
      "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ]).toString(),
  );

export interface OwnServer {
  baseURL: string;
  dataDir: string;
  /** The lines of its log (LOG_LEVEL=warn) that report a 5xx answer. */
  serverErrors(): string[];
  stop(): Promise<void>;
}

export async function startOwnServer(port: number, env: Record<string, string>): Promise<OwnServer> {
  const root = resolve(import.meta.dirname, '..', '..');
  const dataDir = resolve(root, `.data-test-e2e-own-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  // The built console is copied first, so a build running meanwhile cannot change what is served.
  cpSync(resolve(root, 'dist'), resolve(dataDir, 'dist'), { recursive: true });
  const baseURL = `http://127.0.0.1:${port}`;
  const log = resolve(dataDir, 'server.log');
  const child: ChildProcess = spawn('sh', ['-c', `exec bin/serve > "${log}" 2>&1`], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: resolve(dataDir, 'dist'),
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: 'ignore',
  });
  // Never left behind: killed with the test process, or when it does not come up.
  const kill = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', kill);
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${readFileSync(log, 'utf8')}`);
    const ok = await fetch(`${baseURL}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      kill();
      throw new Error(`the server did not start: ${readFileSync(log, 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    dataDir,
    serverErrors: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"msg":"request failed"')),
    stop: async () => {
      process.off('exit', kill);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
