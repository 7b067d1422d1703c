import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_SCHEMA } from '../src/config.ts';

// The files people deploy with (docs/deployment.md): Docker is not on these machines, so what can go
// stale silently is checked here: every variable they name is one Palco reads, and .env.example lists
// exactly the schema's variables.
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const SCHEMA = Object.keys(ENV_SCHEMA.properties).sort();
// Read by the AWS SDK, not by Palco's schema (docs/storage.md).
const AWS = new Set(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']);

describe('deployment files', () => {
  it('.env.example lists every variable of the configuration schema, once, and no other', () => {
    const names = [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect(names.length).toBe(new Set(names).size);
    expect([...names].sort()).toEqual(SCHEMA);
  });

  it("the compose file's Palco services set only variables Palco reads", () => {
    const compose = read('deploy/compose.yaml');
    const palco = compose.slice(0, compose.indexOf('\n  proxy:'));
    const names = [...palco.matchAll(/^ {4,6}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
    expect(names).toContain('DATABASE_URL');
    expect(names.filter((name) => !AWS.has(name) && !SCHEMA.includes(name))).toEqual([]);
  });

  it('the Dockerfile and the systemd unit set only variables Palco reads', () => {
    const docker = [...read('Dockerfile').matchAll(/^ENV (.+)$/gm)].flatMap((m) =>
      [...m[1]!.matchAll(/([A-Z][A-Z0-9_]*)=/g)].map((n) => n[1]!),
    );
    const unit = [...read('deploy/palco.service').matchAll(/^Environment=([A-Z][A-Z0-9_]*)=/gm)].map(
      (m) => m[1]!,
    );
    expect(docker).toContain('DATA_DIR');
    expect([...docker, ...unit].filter((name) => name !== 'NODE_ENV' && !SCHEMA.includes(name))).toEqual([]);
  });

  it('the Dockerfile runs the steps deploy/local/up.sh runs', () => {
    const docker = read('Dockerfile');
    const up = read('deploy/local/up.sh');
    for (const step of ['npm run build', 'bin/serve']) {
      expect(docker).toContain(step);
      expect(up).toContain(step);
    }
    expect(docker).toMatch(/^USER palco$/m);
    expect(docker).toMatch(/^FROM node:24/m);
  });
});
