import type { SelectOption } from '@/components/ui/select';
import { capitalize } from '@/lib/text';
import type { Role } from '../api/list-roles';

/** The team's roles as select options, capitalised for display (SPEC §4); the value is the role id. */
export function roleOptions(roles: readonly Role[] | undefined, locale: string): SelectOption[] {
  return (roles ?? []).map((r) => ({ value: r.id, label: capitalize(r.name, locale) }));
}
