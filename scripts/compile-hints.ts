import type { Plugin } from 'vite';

const HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * V8's explicit compile hint (Chrome 136+; docs/decisions.md "Compile hints"): a script whose first
 * line is `//# allFunctionsCalledOnLoad` has all its functions compiled while it streams in, on a
 * background thread. Without it V8 compiles each function on the main thread the first time it is
 * called, which is most of a page's first render on a cold load (≈110 ms of /streaming's main thread
 * on the bench machine, four times that on Lighthouse's phone).
 *
 * The hint goes on every JS chunk but those holding a module that `except` matches (large libraries of
 * which a page calls a few functions). It is added last, after Vite has written its own first line
 * (the preload map), because V8 reads it only as the very first line; source maps shift by that line.
 */
export function compileHints({ except }: { except: RegExp }): Plugin {
  return {
    name: 'palco:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.moduleIds.some((id) => except.test(id))) continue;
          chunk.code = HINT + chunk.code;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            json.mappings = `;${json.mappings}`;
            map.source = JSON.stringify(json);
          } else if (chunk.map) {
            chunk.map.mappings = `;${chunk.map.mappings}`;
          }
        }
      },
    },
  };
}
