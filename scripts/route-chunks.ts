import type { Plugin } from 'vite';

/** A chunk made of the code-split parts of some route files, or of some modules loaded lazily, and of
 * everything they import statically. */
export type RouteChunk =
  | {
      name: string;
      /** Route files, as in src/routes (e.g. `src/routes/_authed/_shell.tsx`). */
      routes: string[];
    }
  | {
      name: string;
      /** Source files (e.g. `src/components/ui/toast.tsx`). */
      modules: string[];
    };

/**
 * Chunks per page instead of per shared module (docs/decisions.md "One chunk per page").
 *
 * Left to itself the bundler gives every module shared by two lazy routes a chunk of its own: a first
 * visit to /streaming fetched 41 files, and the router inserts one `<link rel="modulepreload">` per file
 * when it loads the page, about 0.7 ms of main thread each on the bench machine. The plugin reads the
 * module graph once it is built and hands the bundler groups: each chunk takes its roots and their
 * static imports, minus what the entry loads up front, what an earlier chunk took and what the `keep`
 * routes need (so the login route does not load the console's code).
 *
 * Returns the plugin (add it to `plugins`) and the groups (add them to `codeSplitting.groups`); a group
 * captures nothing until the graph is known, which it is before chunks are made.
 */
export function routeChunks(
  chunks: RouteChunk[],
  { entry, keep, priority }: { entry: string; keep: string[]; priority: number },
): {
  plugin: Plugin;
  groups: Array<{ name: string; test: (id: string) => boolean; priority: number }>;
} {
  const members = new Map<string, Set<string>>(chunks.map((c) => [c.name, new Set()]));
  const plugin: Plugin = {
    name: 'palco:route-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const splitParts = (routes: string[]) =>
        ids.filter((id) => {
          const query = id.indexOf('?tsr-split');
          return query > 0 && routes.some((route) => id.slice(0, query).endsWith(`/${route}`));
        });
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...imports(id));
        }
        return seen;
      };
      const entryId = ids.find((id) => id.endsWith(`/${entry}`));
      if (!entryId) this.error(`route-chunks: no module ${entry}`);
      const taken = new Set([...closure([entryId]), ...closure(splitParts(keep))]);
      for (const chunk of chunks) {
        const files = 'routes' in chunk ? chunk.routes : chunk.modules;
        const found = files.map((file) =>
          'routes' in chunk ? splitParts([file]) : ids.filter((id) => id.endsWith(`/${file}`)),
        );
        const missing = files.filter((_, i) => found[i]!.length === 0);
        if (missing.length > 0)
          this.error(`route-chunks: ${chunk.name}: not in the build: ${missing.join(', ')}`);
        const roots = found.flat();
        const into = members.get(chunk.name)!;
        for (const id of closure(roots)) {
          if (taken.has(id) || id.startsWith('\0')) continue;
          into.add(id);
          taken.add(id);
        }
      }
    },
  };
  const groups = chunks.map((chunk) => ({
    name: chunk.name,
    test: (id: string) => members.get(chunk.name)!.has(id),
    priority,
  }));
  return { plugin, groups };
}
