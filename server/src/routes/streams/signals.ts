import { randomUUID } from 'node:crypto';
import type { Signal } from '../../db/tables/streams.ts';
import { ApiError } from '../../lib/errors.ts';
import { normalizeName, normalizeResolution } from './validate.ts';
import { newKey } from './view.ts';

interface SignalInput {
  id?: string;
  nome: string;
  resolution?: string | null;
}

/** A new stream's signals: the ones sent (each with a fresh key), or one "Sinal 1". */
export function initialSignals(input: SignalInput[] | undefined): Signal[] {
  if (input === undefined) return [{ id: randomUUID(), nome: 'Sinal 1', key: newKey(), resolution: null }];
  return replaceSignals(input, []);
}

/**
 * The signals after an edit: the list sent replaces the current one; a signal named by `id` keeps its
 * key, one without `id` is new and gets a key, a current one left out is removed.
 */
export function replaceSignals(input: SignalInput[], current: Signal[]): Signal[] {
  const byId = new Map(current.map((s) => [s.id, s]));
  const seen = new Set<string>();
  return input.map((s, i) => {
    const field = `signals.${i}`;
    const nome = normalizeName(s.nome, `${field}.nome`);
    const resolution = normalizeResolution(s.resolution, `${field}.resolution`);
    if (s.id === undefined) return { id: randomUUID(), nome, key: newKey(), resolution };
    const id = s.id.toLowerCase();
    const existing = byId.get(id);
    if (!existing || seen.has(id)) throw new ApiError(400, 'signalNotFound', { field: `${field}.id` });
    seen.add(id);
    return { ...existing, nome, resolution };
  });
}
