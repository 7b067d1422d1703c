/** Up to two initials of a team name, for cards without a thumbnail. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w));
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters.map((w) => w!.charAt(0).toLocaleUpperCase('pt-BR')).join('') || '?';
}
