import { readFileSync } from 'node:fs';
import { E2E_DATA_DIR } from './env';

/**
 * Error-level lines a spec provokes on purpose, each with why it is legitimate (docs/security.md "A
 * successful request logs no error"): a line is allowed when its `msg` equals one of these. Empty:
 * nothing in the suite should make the server log an error.
 */
export const ALLOWED_ERRORS: readonly { msg: string; why: string }[] = [];

interface LogLine {
  level?: number;
  msg?: string;
}

/** The lines of the server's log that fail the run, each with the reason. */
export function serverLogFailures(text: string): string[] {
  const failures: string[] = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    let line: LogLine;
    try {
      line = JSON.parse(raw) as LogLine;
    } catch {
      // Not a log line (a tool's own output on the same terminal).
      continue;
    }
    const msg = line.msg ?? '';
    if (msg === 'request failed') failures.push(`5xx answered: ${raw}`);
    else if (msg.includes('Reply was already sent')) failures.push(`answered twice: ${raw}`);
    else if ((line.level ?? 0) >= 50 && !ALLOWED_ERRORS.some((allowed) => allowed.msg === msg)) {
      failures.push(`error logged: ${raw}`);
    }
  }
  return failures;
}

/**
 * Global teardown: the server answered no 5xx, answered no request twice and logged no error during the
 * whole run. Its log (LOG_LEVEL=warn, written to the data folder by the web server command) holds a
 * 'request failed' line for every 5xx it sent; the 5xx that specs fake through route interception
 * never reach it. Warnings stay allowed (a refused publish, a provider that said no), errors do not.
 */
export default function noServerErrors(): void {
  const failures = serverLogFailures(readFileSync(`${E2E_DATA_DIR}/server.log`, 'utf8'));
  if (failures.length > 0) {
    throw new Error(`the server's log has ${failures.length} failure(s):\n${failures.join('\n')}`);
  }
}
