import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
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
  // The value being saved is held in React state set inside the click handler, not read from the
  // mutation: TanStack Query publishes `isPending` a tick later, and in between React puts a
  // controlled native radio back to the old value (the click visibly does nothing for a moment).
  const [pending, setPending] = useState<Change>();
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
    onSettled: (_data, _error, change) => setPending((p) => (p === change ? undefined : p)),
  });
  return {
    change: (change: Change) => {
      setPending(change);
      mutation.mutate(change);
    },
    /** The setting being saved now, if any. */
    saving: pending?.key,
    /** The value a control shows: the one being saved, else the stream's. */
    shown: <T>(key: string, current: T): T => (pending?.key === key ? (pending.value as T) : current),
  };
}
