/**
 * The text with its first letter in upper case, by the rules of `locale` ('istanbul' → 'İstanbul' in
 * Turkish). For display only (SPEC §4: role names are shown capitalised, "proprietário" →
 * "Proprietário"): the value sent back to the server stays as it came. Only the first code point
 * changes, so a letter outside the BMP is not split, and the rest keeps its case (CSS `capitalize`
 * would raise every word).
 */
export function capitalize(text: string, locale: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const head = String.fromCodePoint(first);
  return head.toLocaleUpperCase(locale) + text.slice(head.length);
}
