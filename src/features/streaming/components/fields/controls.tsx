import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { FormErrors } from '../../lib/validate';

/** The translated text of a field's error (a console descriptor or the server's own words). */
export function useErrorText(errors: FormErrors) {
  const { i18n } = useLingui();
  return (field: string): string | undefined => {
    const e: MessageDescriptor | string | undefined = errors[field];
    if (e === undefined) return undefined;
    return typeof e === 'string' ? e : i18n._(e);
  };
}
