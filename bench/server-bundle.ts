import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

/**
 * The server as `npm start` runs it: bundled by `npm run build:server` (rebuilt here, half a second,
 * so it always matches the source), started by `bin/serve` with its memory settings. Answers the file to
 * spawn; `bin/serve` execs node, so the child's pid is the server's.
 */
export function serverCommand(): string {
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  return join(ROOT, 'bin/serve');
}
