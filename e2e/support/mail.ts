import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './env';

/** The body of an .eml file, decoded (nodemailer picks quoted-printable or base64). */
function mailBody(eml: string): string {
  const split = eml.indexOf('\n\n');
  const headers = eml.slice(0, split).toLowerCase();
  const body = eml.slice(split + 2);
  if (headers.includes('content-transfer-encoding: base64'))
    return Buffer.from(body, 'base64').toString('utf8');
  if (headers.includes('content-transfer-encoding: quoted-printable')) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * Waits for the newest mail to `address` (the mail folder: the e2e server has no SMTP), written at or
 * after `since`, whose text matches `pattern`; answers the match.
 */
export async function mailMatchFor(
  address: string,
  pattern: RegExp,
  options: { since?: number; what: string },
): Promise<RegExpMatchArray> {
  const folder = join(E2E_DATA_DIR, 'mail');
  let found: RegExpMatchArray | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(folder).catch(() => [] as string[])).filter(
          (n) => n.endsWith('.eml') && n.includes(address),
        );
        const dated = await Promise.all(
          names.map(async (name) => ({ name, at: (await stat(join(folder, name))).mtimeMs })),
        );
        const newest = dated.filter((m) => m.at >= (options.since ?? 0)).sort((a, b) => b.at - a.at)[0];
        if (!newest) return undefined;
        const text = mailBody((await readFile(join(folder, newest.name), 'utf8')).replace(/\r\n/g, '\n'));
        found = text.match(pattern) ?? undefined;
        return found?.[0];
      },
      { timeout: 15_000, message: `${options.what} to ${address}` },
    )
    .toBeTruthy();
  return found!;
}

/**
 * Waits for the newest mail to `address` written at or after `since`, carrying a link that matches
 * `link`; answers the link's path and query.
 */
export async function mailLinkFor(
  address: string,
  link: RegExp,
  options: { since?: number; what: string },
): Promise<string> {
  const url = new URL((await mailMatchFor(address, link, options))[0]);
  return `${url.pathname}${url.search}`;
}
