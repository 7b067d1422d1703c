// Keeps the catalogs whole: extracts every message from the sources (pt-BR is the source language),
// then fills the English catalog from the translation maps in src/locales/en/*.json ({ "pt-BR text": "English" }).
// `--check` fails when an English translation is missing (run by `npm test`).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import PO from 'pofile';

const check = process.argv.includes('--check');
const dir = new URL('../src/locales/en/', import.meta.url);

if (!check) execFileSync('npx', ['lingui', 'extract', '--clean'], { stdio: 'inherit' });

const translations = {};
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  Object.assign(translations, JSON.parse(readFileSync(new URL(file, dir), 'utf8')));
}

const missing = [];
let count = 0;
for (const name of readdirSync(dir)
  .filter((f) => f.endsWith('.po'))
  .sort()) {
  const poPath = new URL(name, dir);
  const po = PO.parse(readFileSync(poPath, 'utf8'));
  for (const item of po.items) {
    const english = translations[item.msgid];
    if (typeof english === 'string' && english.length > 0) item.msgstr = [english];
    if (!item.msgstr[0]) missing.push(item.msgid);
  }
  count += po.items.length;
  if (!check) writeFileSync(poPath, `${po.toString()}\n`);
}

if (missing.length > 0) {
  console.error(`en catalog: ${missing.length} message(s) without an English translation:`);
  for (const m of missing) console.error(`  ${JSON.stringify(m)}`);
  if (check) process.exit(1);
} else {
  console.log(`en catalogs complete: ${count} messages.`);
}
