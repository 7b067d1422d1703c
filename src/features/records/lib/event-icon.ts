/** SPEC §9: the event icon is chosen by a substring of the event code; anything else gets a neutral one. */
export type EventIconKind = 'created' | 'authorized' | 'removed' | 'updated' | 'other';

const BY_SUBSTRING: ReadonlyArray<readonly [string, EventIconKind]> = [
  ['CRIAD', 'created'],
  ['AUTORIZAD', 'authorized'],
  ['REMOVID', 'removed'],
  ['ATUALIZAD', 'updated'],
];

export function eventIconKind(code: string): EventIconKind {
  const upper = code.toUpperCase();
  return BY_SUBSTRING.find(([part]) => upper.includes(part))?.[1] ?? 'other';
}
