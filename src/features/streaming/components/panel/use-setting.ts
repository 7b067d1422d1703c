import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { notify } from '@/components/ui/notify';
import { ApiError } from '@/lib/api-client';
import type { StreamInput } from '../../api/stream';
import { updateStream, useStreamSaved } from '../../api/update-stream';

interface Change {
  /** Which control is saving. */
  key: string;
  /** The setting's name in the failure message. */
  name: string;
  body: StreamInput;
  /** What the control shows while the change is saved (then the server's value). */
  value: unknown;
  failure?: string;
  success?: string;
}

/** One setting changed from the panel (PATCH with just that field). A failure says which setting
 * (SPEC §8 'Ocorreu um erro ao alterar a configuração do {CONFIG_NAME}. Tente novamente'), or gives
 * the caller's own message; the control then shows the server's value again. */
export function useSetting(liveId: string) {
  const { t } = useLingui();
  const saved = useStreamSaved();
  const mutation = useMutation({
    mutationFn: ({ body }: Change) => updateStream(liveId, body),
    onSuccess: (stream, { success }) => {
      saved(stream);
      if (success) notify('success', success);
    },
    onError: (e, { name, failure }) => {
      const reason = e instanceof ApiError && e.status === 409 ? e.message : undefined;
      notify(
        'error',
        failure ?? t`Ocorreu um erro ao alterar a configuração do ${name}. Tente novamente`,
        reason,
      );
    },
  });
  const pending = mutation.isPending ? mutation.variables : undefined;
  return {
    change: (change: Change) => mutation.mutate(change),
    /** The setting being saved now, if any. */
    saving: pending?.key,
    /** The value a control shows: the one being saved, else the stream's. */
    shown: <T>(key: string, current: T): T => (pending?.key === key ? (pending.value as T) : current),
  };
}
