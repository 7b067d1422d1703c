/** A readable browser name and version from a user agent ('Chrome 156', 'Firefox 130', 'Safari 17.4'). */
export interface Browser {
  name: string;
  version: string | null;
}

// Order matters: Edge, Opera, Samsung and others also carry 'Chrome/' and 'Safari/' in their string,
// and Chrome on iOS carries 'Safari/'. The most specific token wins.
const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
  [/\bOPR\/([\d.]+)/, 'Opera'],
  [/\bOPiOS\/([\d.]+)/, 'Opera'],
  [/\bSamsungBrowser\/([\d.]+)/, 'Samsung Internet'],
  [/\bYaBrowser\/([\d.]+)/, 'Yandex'],
  [/\bVivaldi\/([\d.]+)/, 'Vivaldi'],
  [/\bFxiOS\/([\d.]+)/, 'Firefox'],
  [/\bFirefox\/([\d.]+)/, 'Firefox'],
  [/\bCriOS\/([\d.]+)/, 'Chrome'],
  [/\bHeadlessChrome\/([\d.]+)/, 'Chrome Headless'],
  [/\bChrom(?:e|ium)\/([\d.]+)/, 'Chrome'],
  [/\bVersion\/([\d.]+).*\bSafari\//, 'Safari'],
  [/\bTrident\/.*\brv:([\d.]+)/, 'Internet Explorer'],
  [/\bMSIE ([\d.]+)/, 'Internet Explorer'],
  [/^curl\/([\d.]+)/, 'curl'],
  [/\bnode(?:-fetch)?\/?([\d.]*)/i, 'Node.js'],
];

/** Chrome-family versions read best as the major number; Safari and Firefox keep major.minor. */
function shortVersion(name: string, version: string): string {
  const parts = version.split('.').filter(Boolean);
  const keep = name === 'Safari' || name === 'Firefox' ? 2 : 1;
  const kept = parts.slice(0, keep);
  while (kept.length > 1 && kept[kept.length - 1] === '0') kept.pop();
  return kept.join('.');
}

export function parseBrowser(userAgent: string | null | undefined): Browser | null {
  const ua = userAgent?.trim();
  if (!ua) return null;
  for (const [re, name] of RULES) {
    const match = re.exec(ua);
    if (match) {
      const version = match[1] ? shortVersion(name, match[1]) : '';
      return { name, version: version || null };
    }
  }
  return null;
}

export const formatBrowser = (browser: Browser) =>
  browser.version ? `${browser.name} ${browser.version}` : browser.name;
