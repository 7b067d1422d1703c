import { type RawBuilder, sql } from 'kysely';

// Letters with the accents of Portuguese, Spanish and French, and their plain letters — the same pair
// the live streams' generated `search_name` column uses (migration 20261122T180000_live_streams.ts).
// The embedded database has no unaccent extension; translate() is built in.
const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿ';
const PLAIN = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy';

/** A text as the search compares it: lower case, without accents. */
export function plainText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A LIKE pattern for "contains `search`": `%`, `_` and `\` typed by a user are literal characters. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, '\\$&')}%`;
}

/** `column` contains `search`, ignoring letter case and accents ("fisica" finds "Aulas de Física"). */
export function containsPlain(column: string, search: string): RawBuilder<boolean> {
  return sql<boolean>`lower(translate(${sql.ref(column)}, ${ACCENTED}, ${PLAIN})) like ${likePattern(plainText(search))}`;
}
