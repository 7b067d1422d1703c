import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** React DOM registers itself with the devtools hook by name and version; the production build keeps
 * that object, so its text tells which renderer a bundle carries. */
const REACT_DOM = /version:\s*[`"'](\d+\.\d+\.\d+[^`"']*)[`"'],\s*rendererPackageName:\s*[`"']react-dom[`"']/;

/** Which UI runtime the built files carry: "React 19.3.1 (react-dom)", or null when none of them has
 * react-dom (a Preact alias, say). */
export function detectRuntime(distDir: string, files: readonly string[]): string | null {
  for (const file of files) {
    const match = REACT_DOM.exec(readFileSync(join(distDir, file), 'utf8'));
    if (match) return `React ${match[1]} (react-dom)`;
  }
  return null;
}
