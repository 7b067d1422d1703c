import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// The topology for the browser: its own state folder and port, so it never meets the fault tests' one
// (server/test/deploy-faults.test.ts uses /tmp/palco-deploy-test and 8543).
const ROOT = join(import.meta.dirname, '../..');
const STATE = '/tmp/palco-deploy-e2e';
const PORT = 8643;
export const DEPLOY_BASE_URL = `https://127.0.0.1:${PORT}`;

const env = { ...process.env, PALCO_DEPLOY_DIR: STATE, PALCO_DEPLOY_PORT: String(PORT) };
const script = (name: string, args: string[] = []) =>
  execFileSync(join(ROOT, 'deploy/local', name), args, { env, encoding: 'utf8', timeout: 540_000 });

/** Playwright's global setup: a fresh topology, and the teardown that stops it. */
export default function globalSetup(): () => void {
  script('down.sh', ['--purge']);
  const out = script('up.sh');
  if (!out.includes(`READY ${DEPLOY_BASE_URL}`)) throw new Error(`up.sh did not say READY: ${out}`);
  return () => {
    script('down.sh');
  };
}
