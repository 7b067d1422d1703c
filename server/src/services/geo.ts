import { stat } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import maxmind, { type Reader, type Response } from 'maxmind';

// Reads a database file and re-checks it on a timer: I/O, so a service, not lib/ (docs/server.md "Layers").

interface CountryRecord {
  country_code?: string;
  /** MaxMind's own GeoLite2/GeoIP2 country databases. */
  country?: { iso_code?: string };
}

const CODE = /^[A-Z]{2}$/;
/** How often the database file is checked for a newer copy (a cron replacing it needs no restart). */
const RECHECK_MS = 60_000;

/**
 * IP address → ISO country code from an offline MaxMind-format database, read into memory at the
 * first `ready()` (the first viewer's playback: a server nobody watches never holds the ~9 MB file,
 * docs/server.md "Memory") and reloaded when the file changes (or on `reload()`). Never a network
 * lookup. Private, reserved and unknown addresses answer null, and so does every address before
 * `ready()` has resolved.
 */
export class GeoLookup {
  private reader: Reader<Response> | null = null;
  private mtimeMs = 0;
  private timer: NodeJS.Timeout | null = null;
  private loading: Promise<void> | null = null;

  constructor(readonly path: string) {}

  /** Checks that the file is there (a wrong path fails the start, as it always did); reads nothing. */
  async open(): Promise<void> {
    await stat(this.path);
  }

  /**
   * Resolves once the database is in memory; the first call reads it. A file that cannot be read is
   * retried a minute later (until then every country is unknown, which an allow-list refuses).
   */
  ready(): Promise<void> {
    this.loading ??= this.reload().then(
      () => {
        this.timer ??= setInterval(() => void this.reloadIfChanged(), RECHECK_MS);
        this.timer.unref();
      },
      () => {
        // Not on the next call: every segment request asks, and each would read the file again.
        setTimeout(() => {
          this.loading = null;
        }, RECHECK_MS).unref();
      },
    );
    return this.loading;
  }

  async reload(): Promise<void> {
    const info = await stat(this.path);
    this.reader = await maxmind.open<Response>(this.path);
    this.mtimeMs = info.mtimeMs;
  }

  private async reloadIfChanged(): Promise<void> {
    const info = await stat(this.path).catch(() => null);
    // A file being replaced may be half written: keep the loaded one until a later check.
    if (info && info.mtimeMs !== this.mtimeMs) await this.reload().catch(() => {});
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Whether the database is in memory (for the tests and the memory figures). */
  get loaded(): boolean {
    return this.reader !== null;
  }

  country(ip: string): string | null {
    if (!this.reader || !maxmind.validate(ip)) return null;
    // ip-location-db's files carry `country_code`; MaxMind's own `country.iso_code`: both are read.
    const record = this.reader.get(ip.startsWith('::ffff:') ? ip.slice(7) : ip) as CountryRecord | null;
    const code = (record?.country_code ?? record?.country?.iso_code)?.toUpperCase();
    return code && CODE.test(code) ? code : null;
  }
}

/**
 * The viewer's country: the trusted CDN's header when one is configured and carries a code (`XX`/`T1`
 * mean unknown/Tor to Cloudflare: not a country), else the database's answer for `request.ip` (the
 * client address as the trusted-proxy rule gives it).
 */
export function countryOf(
  request: FastifyRequest,
  geo: GeoLookup,
  trustedHeader: string | null,
): string | null {
  if (trustedHeader) {
    const raw = request.headers[trustedHeader];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    if (value && CODE.test(value) && value !== 'XX' && value !== 'T1') return value;
  }
  return geo.country(request.ip);
}

export type GeoMode = 'off' | 'block' | 'allow';

/** Whether the stream's geoblock lets the country in; allow mode refuses an unknown country. */
export function geoAllows(mode: GeoMode, list: readonly string[], country: string | null): boolean {
  if (mode === 'off') return true;
  if (mode === 'block') return country === null || !list.includes(country);
  return country !== null && list.includes(country);
}
