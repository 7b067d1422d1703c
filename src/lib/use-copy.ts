import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { notify } from '@/components/ui/notify';

/** Copies text to the clipboard and says so (`success` is the notice's title); a browser that refuses
 * (no permission, insecure page) gets an honest error notice instead. */
export function useCopy() {
  const { t } = useLingui();
  return useCallback(
    async (text: string, success: string, description?: string) => {
      try {
        await navigator.clipboard.writeText(text);
        notify('success', success, description);
        return true;
      } catch {
        notify('error', t`Não foi possível copiar`, t`Copie o texto manualmente.`);
        return false;
      }
    },
    [t],
  );
}
