import { readFileSync } from 'node:fs';
import { E2E_DATA_DIR } from './env';

/**
 * Global teardown: the server answered no 5xx during the whole run. Its log (LOG_LEVEL=warn, written to
 * the data folder by the web server command) holds a 'request failed' line for every 5xx it sent;
 * the 5xx that specs fake through route interception never reach it.
 */
export default function noServerErrors(): void {
  const lines = readFileSync(`${E2E_DATA_DIR}/server.log`, 'utf8').split('\n');
  const failures = lines.filter((line) => line.includes('"msg":"request failed"'));
  if (failures.length > 0) {
    throw new Error(`the server answered ${failures.length} request(s) with a 5xx:\n${failures.join('\n')}`);
  }
}
