// Imported first by src/main.tsx. The console is built with Preact's React compat layer (vite.config.ts,
// docs/decisions.md "Preact"). Preact runs effects (useEffect) after the next animation frame; React runs
// them right after a commit caused by input. Ark UI's state machines (zag) look up, just after a commit,
// elements that an effect renders: a dialog's title for its accessible name, a menu's first item for
// focus. With effects flushed in a microtask after each commit, they find them, as under React.
import { options } from 'preact';

options.requestAnimationFrame = (callback) => queueMicrotask(callback);
