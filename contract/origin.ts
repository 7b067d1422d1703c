/** The origin of a URL the browser gave (a Referer, `location.ancestorOrigins`, `document.referrer`), or
 * null when it names none (`null` origins: file:, data:, sandboxed frames) or is not a URL. The embed page
 * and the server that renders its playback answer must read the same origin from the same text
 * (docs/playback.md "Startup time: the answer in the page"). */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
