import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every exported superstruct struct of the console's API layer (src/features/*/api, src/lib) is either
// checked against contract/ — in a `__tests__/contract*.test.ts` file (a type test the typecheck runs) or
// by a `Describe<T>` annotation with T from `@contract/` — or listed below with the reason it is not: so a struct added later is not forgotten, and a renamed server
// field cannot slip past the console unseen (docs/decisions.md "One contract for both sides: `contract/`").

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Console-only shapes (no server answer to check them against) and answers not yet written in
 * contract/, each `file#Struct` with why. Remove an entry when its struct gets a contract test. */
const NOT_CHECKED: Record<string, string> = {
  // Console-only: read from the console's own storage or tabs, never from the server.
  'src/lib/broadcast.ts#BroadcastMessageStruct': "console-only: messages between the console's tabs",
  'src/lib/entities.ts#AuthStateStruct': 'console-only: the session kept in localStorage',
  'src/lib/realtime/events.ts#ConnectionEventStruct': "console-only: the socket's own connection state",
  'src/lib/realtime/events.ts#RealtimeEventStruct':
    'the union of the event structs, each checked in src/lib/realtime/__tests__/contract.test.ts',
};

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const isTest = (path: string) => path.includes('/__tests__/') || /\.test\.tsx?$/.test(path);

/** Every exported struct (`export const Name = object(…)`, `type(…)`, `union(…)`, `record(…)`, annotated or
 * not): its `file#Name`, and whether it is annotated `Describe<T>` with T imported from `@contract/` (then
 * the compiler already holds it to the contract). */
function exportedStructs(): { id: string; described: boolean }[] {
  const features = readdirSync(join(ROOT, 'src/features')).map((f) => `src/features/${f}/api`);
  const dirs = [...features.filter((d) => safeExists(d)), 'src/lib'];
  return dirs
    .flatMap(filesUnder)
    .filter((path) => !isTest(path))
    .flatMap((path) => {
      const text = readFileSync(join(ROOT, path), 'utf8');
      const fromContract = new Set(
        [...text.matchAll(/import (?:type )?\{([^}]*)\} from '@contract\/[^']+'/g)].flatMap((m) =>
          m[1]!.split(',').map((n) => n.replace(/^\s*type\s+/, '').trim()),
        ),
      );
      return [
        ...text.matchAll(/^export const (\w+)(?:\s*:\s*([^=\n]+))?\s*=\s*(?:object|type|union|record)\(/gm),
      ].map((m) => ({
        id: `${path}#${m[1]}`,
        described: fromContract.has(/^Describe<(\w+)>\s*$/.exec(m[2] ?? '')?.[1] ?? ''),
      }));
    });
}

function safeExists(dir: string): boolean {
  try {
    readdirSync(join(ROOT, dir));
    return true;
  } catch {
    return false;
  }
}

/** `file#Name` of every struct a contract test imports (`import type { A, B } from '../api/x'`). */
function checkedStructs(): Set<string> {
  const checked = new Set<string>();
  for (const test of filesUnder('src').filter((p) => /\/__tests__\/contract[\w-]*\.test\.ts$/.test(p))) {
    const text = readFileSync(join(ROOT, test), 'utf8');
    for (const m of text.matchAll(/import (?:type )?\{([^}]*)\} from '(\.[^']+)'/g)) {
      const target = relative(ROOT, resolve(join(ROOT, dirname(test)), m[2]!));
      for (const name of m[1]!.split(',').map((n) => n.replace(/^\s*type\s+/, '').trim())) {
        if (name) checked.add(`${target}.ts#${name}`);
      }
    }
  }
  return checked;
}

describe('the console checks its structs against contract/', () => {
  const all = exportedStructs();
  const structs = all.map((s) => s.id);
  const checked = checkedStructs();
  for (const s of all) if (s.described) checked.add(s.id);

  it('finds the structs it guards', () => {
    expect(structs).toContain('src/features/vod/api/structs.ts#VideoStruct');
    expect(checked).toContain('src/features/vod/api/structs.ts#VideoStruct');
    expect(checked).toContain('src/features/integrations/api/zoom-status.ts#ZoomAccountStruct');
  });

  it('every exported struct is checked against contract/ or listed with its reason', () => {
    const forgotten = structs.filter((s) => !checked.has(s) && !(s in NOT_CHECKED));
    expect(forgotten, 'write its answer in contract/ and check the struct in a contract test').toEqual([]);
  });

  it('the list names only structs that exist and are not checked', () => {
    const stale = Object.keys(NOT_CHECKED).filter((s) => !structs.includes(s) || checked.has(s));
    expect(stale, 'remove these from NOT_CHECKED').toEqual([]);
  });
});
