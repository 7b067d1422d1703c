import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_SCHEMA, loadConfig } from '../src/config.ts';

// The configuration is a declared schema: every variable checked at start, all bad ones named in one
// error, and README's table naming exactly the variables the schema declares.

describe('configuration schema', () => {
  it('names every bad variable in one error, with what it must be and what it was', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'http', SEED_DEMO: 'maybe', LOG_LEVEL: 'loud', WS_PING_MS: '0', TRUST_PROXY: '2' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'Invalid configuration (5 variables):',
      '  PORT must be an integer between 0 and 65535, got "http"',
      '  LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
      '  SEED_DEMO must be true or false, got "maybe"',
      '  TRUST_PROXY must be true, false or the proxies\' addresses/CIDRs, got "2"',
      '  WS_PING_MS must be a positive integer, got "0"',
    ]);
  });

  it('takes yes/no, blank as unset, and shapes the values the server reads', () => {
    const config = loadConfig({
      SEED_DEMO: 'no',
      WEBHOOK_ALLOW_PRIVATE: 'on',
      PORT: ' ',
      INGEST_PORT: 'off',
      AUTO_CUT_SECONDS: '5',
      TRUST_PROXY: '10.0.0.0/8, loopback',
    });
    expect(config).toMatchObject({
      seedDemo: false,
      port: 8080,
      ingestPort: null,
      ingestUrl: null,
      trustProxy: ['10.0.0.0/8', 'loopback'],
      webhooks: { allowPrivate: true },
      realtime: { autoCutMs: 5000 },
    });
    expect(loadConfig({ INGEST_PORT: '1936', PUBLIC_URL: 'https://palco.example:8443/' })).toMatchObject({
      publicUrl: 'https://palco.example:8443',
      uploadUrl: 'https://palco.example:8443/upload',
      ingestUrl: 'rtmp://palco.example:1936/live',
    });
  });

  it("is what README's configuration table lists, variable for variable", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('| `PORT`'));
    const rows = table.slice(0, table.indexOf('\n\n')).split('\n');
    const documented = new Set(
      rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!)),
    );
    expect([...documented].sort()).toEqual(Object.keys(ENV_SCHEMA.properties).sort());
  });
});
