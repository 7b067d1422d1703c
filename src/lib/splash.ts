/** SPEC §2.2: the splash screen goes at the latest after 3000 ms, and as soon as the app is ready. */
export const SPLASH_MAX_MS = 3000;

export function hideSplash() {
  const splash = document.getElementById('splash');
  if (!splash || splash.hasAttribute('data-hidden')) return;
  splash.setAttribute('data-hidden', '');
  splash.setAttribute('aria-hidden', 'true');
  setTimeout(() => splash.remove(), 250);
}
