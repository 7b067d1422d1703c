import { execFileSync } from 'node:child_process';

const ROOT = new URL('..', import.meta.url).pathname;

/**
 * The server as `npm start` runs it: bundled by `npm run build:server` (rebuilt here, half a second,
 * so it always matches the source). Answers the node arguments that start it.
 */
export function serverCommand(): string[] {
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  return ['--enable-source-maps', 'server/dist/server.mjs'];
}
