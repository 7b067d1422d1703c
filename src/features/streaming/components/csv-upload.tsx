import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FileDropzone } from '@/components/ui/file-upload';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/notify';
import { ApiError } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/temporal';
import { type CsvLineError, csvLineErrors, useCreateCsvRooms } from '../api/create-csv-rooms';
import { streamsCreated } from '../lib/counts';
import * as css from './create-mode.css';

/** The server takes a body up to 1 MiB. */
const MAX_CSV_BYTES = 1024 * 1024;
const TEMPLATE = 'nome,data,hora,descricao,tipo,latencia\nAula 1,01/12/2026,19:00,Turma A,encoder,default\n';

/** SPEC §2.7 / §5 batch CSV: the file's text goes to the server, which creates all rows or none and
 * names each bad line. */
export function CsvUpload({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const [file, setFile] = useState<File>();
  /** Wrong before sending (empty, too big): the file cannot be sent. */
  const [fileProblem, setFileProblem] = useState<string>();
  /** What the server refused. */
  const [problem, setProblem] = useState<string>();
  const [lines, setLines] = useState<CsvLineError[]>([]);
  const create = useCreateCsvRooms();

  const pick = (files: File[]) => {
    const f = files[0];
    setLines([]);
    setProblem(undefined);
    setFileProblem(undefined);
    if (!f) return;
    if (f.size === 0) setFileProblem(t`O arquivo está vazio.`);
    else if (f.size > MAX_CSV_BYTES) setFileProblem(t`O arquivo é maior que 1 MB.`);
    setFile(f);
  };

  const send = async () => {
    if (!file || fileProblem) return;
    setLines([]);
    setProblem(undefined);
    const csv = await file.text();
    create.mutate(
      { csv, timeZone: browserTimeZone() },
      {
        onSuccess: ({ created }) => {
          notify('success', t`Arquivo de lote enviado`, i18n._(streamsCreated(created)));
          onDone();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status > 0 && e.status < 500) {
            setProblem(e.message);
            // A file-wide problem (a bad header) comes as the message and again as line 1's error:
            // the alert says it once (docs/ui.md "Batch CSV errors").
            setLines(csvLineErrors(e.data).filter((l) => l.message !== e.message));
          } else setProblem(t`Não foi possível enviar o arquivo. Tente novamente`);
        },
      },
    );
  };

  return (
    <div className={css.stack}>
      <FileDropzone
        name="csv"
        label={t`Escolher arquivo CSV`}
        title={<Trans>Arraste o arquivo CSV ou clique para escolher</Trans>}
        hint={<Trans>Colunas: nome, data, hora e, se quiser, descricao, tipo, latencia.</Trans>}
        accept={['text/csv', '.csv']}
        onFiles={pick}
      />
      <a
        className={layout.link}
        href={`data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`}
        download="modelo-transmissoes.csv"
      >
        <Trans>Baixar modelo CSV</Trans>
      </a>
      {file ? (
        <p className={css.file} data-testid="csv-file">
          <span>
            <Trans>Arquivo:</Trans> <strong>{file.name}</strong>
          </span>
        </p>
      ) : null}
      {fileProblem || problem ? (
        <Alert title={<Trans>Arquivo recusado</Trans>}>{fileProblem ?? problem}</Alert>
      ) : null}
      {lines.length ? (
        <ul className={css.errors} data-testid="csv-errors" aria-label={t`Linhas com erro`}>
          {lines.map((l) => (
            <li key={`${l.line}-${l.message}`}>
              <Trans>
                Linha {l.line}: {l.message}
              </Trans>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={css.buttons}>
        <Button variant="secondary" onClick={onBack} disabled={create.isPending}>
          <Trans>Voltar</Trans>
        </Button>
        <Button onClick={() => void send()} busy={create.isPending} disabled={!file || !!fileProblem}>
          <Trans>Enviar arquivo</Trans>
        </Button>
      </div>
    </div>
  );
}
