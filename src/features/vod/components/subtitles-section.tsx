import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FileDropzone } from '@/components/ui/file-upload';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/notify';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { deleteSubtitle } from '../api/delete-subtitle';
import { startSubtitlesJob } from '../api/start-subtitles-job';
import type { Video } from '../api/structs';
import { uploadSubtitle } from '../api/upload-subtitle';
import { useBlockedRedirect } from '../hooks/use-blocked-redirect';
import * as css from './dialogs.css';
import { TrashIcon } from './icons';
import * as list from './video-list.css';

export interface SubtitlesSectionProps {
  video: Video;
  onChanged: () => void;
}

/** Subtitles per language: upload (WebVTT or SRT, validated by the server), remove, and the automatic
 * subtitles job (this server answers that none is available, and the console says so). */
export function SubtitlesSection({ video, onChanged }: SubtitlesSectionProps) {
  const { t } = useLingui();
  const blocked = useBlockedRedirect();
  const languages = [
    { value: 'pt-BR', label: t`Português (Brasil)` },
    { value: 'en', label: t`Inglês` },
    { value: 'es', label: t`Espanhol` },
  ];
  const nameOf = (code: string) => languages.find((l) => l.value === code)?.label ?? code;
  const [language, setLanguage] = useState('pt-BR');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [jobMessage, setJobMessage] = useState<string>();

  const run = async (work: () => Promise<unknown>, success: string) => {
    setError(undefined);
    setBusy(true);
    try {
      await work();
      notify('success', success);
      onChanged();
    } catch (e) {
      if (blocked(e)) return;
      if (e instanceof ApiError && e.status < 500) setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className={css.group} aria-busy={busy || undefined}>
      <legend className={css.legend}>
        <Trans>Legendas</Trans>
      </legend>
      {video.subtitles.length === 0 ? (
        <p className={layout.muted}>
          <Trans>Nenhuma legenda enviada.</Trans>
        </p>
      ) : (
        <ul className={css.subtitleList}>
          {video.subtitles.map((s) => (
            <li key={s.language} className={css.subtitleRow} data-testid="subtitle">
              <span>{nameOf(s.language)}</span>
              <button
                type="button"
                className={list.iconButton}
                data-danger=""
                aria-label={t`Remover legenda: ${nameOf(s.language)}`}
                disabled={busy}
                onClick={() => void run(() => deleteSubtitle(video.id, s.language), t`Legenda removida`)}
              >
                <TrashIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={css.subtitleForm}>
        <Select
          name="language"
          label={<Trans>Idioma</Trans>}
          options={languages}
          value={language}
          onValueChange={setLanguage}
        />
        <FileDropzone
          name="subtitle"
          compact
          label={t`Enviar legenda (WebVTT ou SRT)`}
          title={busy ? <Trans>Enviando…</Trans> : <Trans>Enviar legenda (WebVTT ou SRT)</Trans>}
          accept={['.vtt', '.srt', 'text/vtt', 'application/x-subrip']}
          disabled={busy}
          onFiles={([file]) =>
            file && void run(() => uploadSubtitle(video.id, language, file), t`Legenda enviada`)
          }
        />
      </div>
      {error ? (
        <p role="alert" className={css.fieldError}>
          {error}
        </p>
      ) : null}
      <div>
        <Button
          variant="ghost"
          onClick={async () => {
            try {
              const job = await startSubtitlesJob(video.id);
              setJobMessage(job.message ?? job.status);
            } catch (e) {
              if (!blocked(e) && e instanceof ApiError && e.status < 500) setJobMessage(e.message);
            }
          }}
        >
          <Trans>Gerar legendas automáticas</Trans>
        </Button>
      </div>
      {jobMessage ? <Alert tone="info">{jobMessage}</Alert> : null}
    </fieldset>
  );
}
