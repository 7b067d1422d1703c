import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress';
import type { ProcessingRow } from '../lib/processing';
import * as css from './processing.css';

export interface RowActions {
  onPickFile: (id: string, file: File) => Promise<boolean>;
  onRetry: (id: string) => void;
  onDismiss: (id: string) => void;
}

type Tone = 'default' | 'success' | 'danger' | 'muted';

/** One upload or transcode with its progress bar; an upload offers what the user can do about it. */
export function ProcessingRowView({
  row,
  onPickFile,
  onRetry,
  onDismiss,
}: { row: ProcessingRow } & RowActions) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [mismatch, setMismatch] = useState(false);
  let text: string;
  let tone: Tone = 'default';
  if (row.kind === 'upload') {
    const labels = {
      awaiting: t`Na fila`,
      uploading: t`Enviando`,
      paused: t`Pausado: aguardando a conexão`,
      'needs-file': t`Escolha o arquivo novamente para continuar`,
      done: t`Envio concluído`,
      failed: t`Falha no envio`,
    } as const;
    text =
      row.item.error && row.status === 'failed' ? `${labels.failed}: ${row.item.error}` : labels[row.status];
    // A paused upload whose file this browser could not keep: the service worker cannot send it with
    // the console closed (docs/uploads.md "The service worker sends the chunks").
    if (row.status === 'paused' && !row.item.fileStored)
      text = `${text}. ${t`O envio continua quando o console for reaberto.`}`;
    if (row.status === 'done') tone = 'success';
    if (row.status === 'failed') tone = 'danger';
    if (row.status === 'paused' || row.status === 'needs-file') tone = 'muted';
  } else if (row.status === 'failed') {
    text = row.error ? `${t`Falha no processamento`}: ${row.error}` : t`Falha no processamento`;
    tone = 'danger';
  } else if (row.status === 'done') {
    text = t`Concluído`;
    tone = 'success';
  } else if (row.queued) {
    text = t`Na fila`;
    tone = 'muted';
  } else {
    text = row.type === 'upload' ? t`Enviando` : t`Processando`;
  }
  const kind =
    row.kind === 'upload' || row.type === 'upload'
      ? t`Envio`
      : row.type === 'subtitles'
        ? t`Legendas automáticas`
        : t`Transcodificação`;
  const percent = Math.round(row.progress);

  return (
    <li className={css.row} data-testid="processing-item" data-kind={row.kind} data-video-id={row.videoId}>
      <div className={css.top}>
        <span className={css.name} title={row.name}>
          {row.name}
        </span>
        <span className={css.kind}>{kind}</span>
      </div>
      <ProgressBar
        value={row.progress}
        label={t`${kind}: ${row.name}`}
        valueText={row.kind === 'transcode' && row.queued ? text : `${percent}% — ${text}`}
        tone={tone}
      />
      <div className={css.bottom}>
        <span className={css.statusText} data-tone={tone} data-testid="processing-status">
          {row.kind === 'transcode' && row.queued ? text : `${percent}% · ${text}`}
        </span>
        {row.kind === 'upload' ? (
          <span className={css.rowActions}>
            {row.status === 'needs-file' ? (
              <>
                <input
                  ref={input}
                  type="file"
                  className={css.hiddenInput}
                  tabIndex={-1}
                  aria-hidden="true"
                  data-testid="repick-input"
                  onChange={async (e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) setMismatch(!(await onPickFile(row.item.id, file)));
                  }}
                />
                <Button variant="secondary" className={css.small} onClick={() => input.current?.click()}>
                  <Trans>Escolher arquivo</Trans>
                </Button>
              </>
            ) : null}
            {row.status === 'failed' ? (
              <Button variant="secondary" className={css.small} onClick={() => onRetry(row.item.id)}>
                <Trans>Tentar novamente</Trans>
              </Button>
            ) : null}
            {row.status === 'done' || row.status === 'failed' ? (
              <Button variant="ghost" className={css.small} onClick={() => onDismiss(row.item.id)}>
                <Trans>Remover da lista</Trans>
              </Button>
            ) : null}
          </span>
        ) : null}
      </div>
      {mismatch ? (
        <p role="alert" className={css.error}>
          <Trans>Este não é o mesmo arquivo (nome e tamanho diferentes). Escolha {row.name}.</Trans>
        </p>
      ) : null}
    </li>
  );
}
