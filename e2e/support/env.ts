import { execFileSync } from 'node:child_process';

// Several runs may share this machine (and helpers run specs at once): unless E2E_PORT is set, the
// first Playwright process picks a free port and hands it to its workers through the environment.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

// The server's RTMP ingest gets a free port of its own the same way (the ingest spec publishes to it).
if (!process.env.E2E_INGEST_PORT) {
  process.env.E2E_INGEST_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_INGEST_PORT = Number(process.env.E2E_INGEST_PORT);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The e2e server's data folder: its mail folder is where password-reset links land. */
export const E2E_DATA_DIR = `.data-test-e2e-${E2E_PORT}`;
export const DEMO_PASSWORD = 'palco123';
export const DEMO = {
  staff: 'staff@palco.test',
  owner: 'owner@palco.test',
  operator: 'operator@palco.test',
  blocked: 'blocked@palco.test',
} as const;
