import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/notify';
import { ApiError } from '@/lib/api-client';
import { useControlStream } from '../../api/control-stream';
import type { Stream } from '../../api/stream';
import { CONTROL_ACTIONS, type ControlAction, isLegal } from '../../lib/status';
import * as p from './panel.css';

interface ActionText {
  button: MessageDescriptor;
  title: MessageDescriptor;
  description: MessageDescriptor;
  done: MessageDescriptor;
}

const TEXT: Record<ControlAction, ActionText> = {
  start: {
    button: msg`Iniciar`,
    title: msg`Iniciar transmissão?`,
    description: msg`A transmissão ficará ao vivo para os espectadores.`,
    done: msg`Transmissão iniciada`,
  },
  pause: {
    button: msg`Pausar`,
    title: msg`Pausar transmissão?`,
    description: msg`Os espectadores verão a tela de pausa até você continuar.`,
    done: msg`Transmissão pausada`,
  },
  resume: {
    button: msg`Continuar`,
    title: msg`Continuar transmissão?`,
    description: msg`A transmissão volta a ficar ao vivo para os espectadores.`,
    done: msg`Transmissão retomada`,
  },
  complete: {
    button: msg`Encerrar`,
    title: msg`Encerrar transmissão?`,
    description: msg`A transmissão será encerrada para todos e não poderá ser retomada.`,
    done: msg`Transmissão encerrada`,
  },
};

/** SPEC §4 control actions (start, pause, continue, end), each behind its confirmation; only the moves
 * the status allows are enabled. The control panel and the monitoring wall's tiles show them. */
export function ControlActions({
  stream,
  className,
}: {
  stream: Pick<Stream, 'id' | 'status'>;
  className?: string;
}) {
  const { t, i18n } = useLingui();
  const control = useControlStream(stream.id);
  const [pending, setPending] = useState<ControlAction>();
  const [error, setError] = useState<string>();

  const confirm = () => {
    if (!pending) return;
    const action = pending;
    control.mutate(action, {
      onSuccess: () => {
        setPending(undefined);
        notify('success', i18n._(TEXT[action].done));
      },
      onError: (e) =>
        setError(
          e instanceof ApiError && e.status === 404
            ? t`Transmissão não encontrada`
            : e instanceof ApiError && e.status > 0 && e.status < 500
              ? e.message
              : t`Não foi possível concluir a ação. Tente novamente`,
        ),
    });
  };

  return (
    <>
      <div className={[p.controlButtons, className].filter(Boolean).join(' ')}>
        {CONTROL_ACTIONS.map((action) => (
          <Button
            key={action}
            variant={action === 'complete' ? 'secondary' : 'primary'}
            className={action === 'complete' ? p.endButton : undefined}
            disabled={!isLegal(action, stream.status) || control.isPending}
            onClick={() => {
              setError(undefined);
              setPending(action);
            }}
          >
            {i18n._(TEXT[action].button)}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={pending !== undefined}
        onOpenChange={(open) => {
          if (!open) setPending(undefined);
        }}
        title={pending ? i18n._(TEXT[pending].title) : ''}
        description={pending ? i18n._(TEXT[pending].description) : undefined}
        confirmLabel={pending ? i18n._(TEXT[pending].button) : ''}
        cancelLabel={<Trans>Cancelar</Trans>}
        closeLabel={t`Fechar`}
        tone={pending === 'complete' ? 'danger' : 'primary'}
        busy={control.isPending}
        error={error}
        onConfirm={confirm}
      />
    </>
  );
}
