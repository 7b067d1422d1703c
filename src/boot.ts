// The page's entry: the splash (index.html, with its own inline style) paints first, then the app
// (src/main.tsx, a build entry of its own: vite.config.ts) loads. Evaluating the app's modules takes a
// few hundred milliseconds on a phone; run before the first paint, they held back the splash itself
// (SPEC §2.2: the splash shows while the app loads). This module imports nothing else on purpose.

let started = false;
function start() {
  if (started) return;
  started = true;
  import('./main').catch((error: unknown) => console.error('Palco failed to load', error));
}

// After the next frame has been painted; a background tab paints no frames, hence the fallback.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);
