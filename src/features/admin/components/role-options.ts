import type { SelectOption } from '@/components/ui/select';
import { capitalize } from '@/lib/text';
import type { Role } from '../api/list-roles';

/** The team's roles as select options, capitalised for display (SPEC §4); the value is the role id. */
export function roleOptions(roles: readonly Role[] | undefined, locale: string): SelectOption[] {
  return (roles ?? []).map((r) => ({ value: r.id, label: capitalize(r.name, locale) }));
}

/** A 4xx answer's message (already in the user's language), else the fallback. */
export function failureText(error: unknown, fallback: string): string {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status > 0 && status < 500 && error instanceof Error
    ? error.message
    : fallback;
}
