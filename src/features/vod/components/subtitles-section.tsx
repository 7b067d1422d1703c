import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FileDropzone } from '@/components/ui/file-upload';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/notify';
import { ProgressBar } from '@/components/ui/progress';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { configQueryOptions } from '@/lib/server-config';
import { deleteSubtitle } from '../api/delete-subtitle';
import { jobRunning, startSubtitlesJob, subtitlesJobQueryOptions } from '../api/start-subtitles-job';
import type { Video } from '../api/structs';
import { uploadSubtitle } from '../api/upload-subtitle';
import { useBlockedRedirect } from '../hooks/use-blocked-redirect';
import * as css from './dialogs.css';
import { TrashIcon } from './icons';
import * as list from './video-list.css';

export interface SubtitlesSectionProps {
  accountId: string;
  video: Video;
  onChanged: () => void;
}

/** While a job runs its state is asked this often (the processing modal shows it too). */
const JOB_POLL_MS = 2000;

/** Subtitles per language: upload (WebVTT or SRT, validated by the server), remove, and automatic
 * subtitles (a server job; the button only where the server has a speech-recognition engine, enabled
 * for the languages it recognises). */
export function SubtitlesSection({ accountId, video, onChanged }: SubtitlesSectionProps) {
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
  const queryClient = useQueryClient();
  const config = useQuery(configQueryOptions());
  const autoLanguages = config.data?.autoSubtitleLanguages ?? [];
  const offered = autoLanguages.length > 0;
  const job = useQuery({
    ...subtitlesJobQueryOptions(accountId, video.id),
    enabled: offered,
    refetchInterval: (query) => (jobRunning(query.state.data) ? JOB_POLL_MS : false),
  });
  const running = jobRunning(job.data);
  const supported = autoLanguages.includes(language.split('-')[0]?.toLowerCase() ?? '');
  const autoNames = languages
    .filter((l) => autoLanguages.includes(l.value.split('-')[0]?.toLowerCase() ?? ''))
    .map((l) => l.label)
    .join(', ');

  // A job that ends while the dialog is open: the new track is listed (or the failure shown).
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && job.data?.status === 'done') {
      notify('success', t`Legendas automáticas prontas`);
      onChanged();
    }
    wasRunning.current = running;
  }, [job.data?.status, running, onChanged, t]);

  const startJob = async () => {
    setJobMessage(undefined);
    try {
      const started = await startSubtitlesJob(video.id, language);
      queryClient.setQueryData(subtitlesJobQueryOptions(accountId, video.id).queryKey, started);
      void queryClient.invalidateQueries({ queryKey: ['vod', accountId, 'transcode-progress'] });
    } catch (e) {
      if (!blocked(e) && e instanceof ApiError && e.status < 500) setJobMessage(e.message);
    }
  };

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
      {offered ? (
        <div className={css.autoSubtitles}>
          <Button
            variant="ghost"
            disabled={running || !supported || video.status !== 'ready'}
            onClick={() => void startJob()}
          >
            <Trans>Gerar legendas automáticas</Trans>
          </Button>
          {!supported ? (
            <p className={layout.muted}>
              <Trans>Legendas automáticas disponíveis em: {autoNames}</Trans>
            </p>
          ) : null}
          {running && job.data ? (
            <ProgressBar
              value={job.data.progress ?? 0}
              label={t`Gerando legendas automáticas`}
              valueText={`${Math.round(job.data.progress ?? 0)}%`}
            />
          ) : null}
          {job.data?.status === 'failed' ? (
            <Alert tone="error">
              {job.data.error ? (
                <Trans>Falha nas legendas automáticas: {job.data.error}</Trans>
              ) : (
                <Trans>Falha nas legendas automáticas</Trans>
              )}
            </Alert>
          ) : null}
          {jobMessage ? <Alert tone="info">{jobMessage}</Alert> : null}
        </div>
      ) : null}
    </fieldset>
  );
}
