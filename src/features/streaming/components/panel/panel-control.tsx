import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useControlStream } from '../../api/control-stream';
import type { Stream } from '../../api/stream';
import { formatDateTime } from '../../lib/format';
import { CONTROL_ACTIONS, type ControlAction, isLegal } from '../../lib/status';
import { StatusBadge } from '../status-badge';
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

/** SPEC §4 control actions, each behind a confirmation; only the moves the status allows are enabled. */
export function PanelControl({ stream }: { stream: Stream }) {
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
    <section className={`${layout.card} ${p.control}`} aria-labelledby="panel-control-title">
      <div className={layout.pageHeader}>
        <h2 id="panel-control-title" className={layout.cardTitle}>
          <Trans>Controle da transmissão</Trans>
        </h2>
        <StatusBadge status={stream.status} />
      </div>
      <p className={layout.muted} data-testid="panel-times">
        {stream.status === 'scheduled' ? (
          <Trans>Agendada para {formatDateTime(stream.scheduledStartTime, i18n.locale)}</Trans>
        ) : stream.status === 'finished' ? (
          <Trans>Encerrada em {formatDateTime(stream.finishedAt, i18n.locale)}</Trans>
        ) : (
          <Trans>Iniciada em {formatDateTime(stream.startedAt, i18n.locale)}</Trans>
        )}
      </p>
      <div className={p.controlButtons}>
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
      {stream.status === 'finished' ? (
        <p className={layout.muted}>
          <Trans>Esta transmissão foi encerrada e está no histórico.</Trans>
        </p>
      ) : null}
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
    </section>
  );
}
