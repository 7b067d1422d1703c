import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { StatusBadge } from '@/components/status/status-badge';
import * as layout from '@/components/ui/layout.css';
import { browserTimeZone, temporal } from '@/lib/temporal';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useClassroomContent } from '../api/classroom';
import { usePreset } from '../api/get-preset';
import { useStream } from '../api/get-stream';
import { newStreamForm, streamForm } from '../lib/form';
import { BackIcon } from './icons';
import { StreamWizard } from './stream-wizard';

/** /streaming/new: the create wizard, starting from the account's general settings. */
export function NewStreamPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Nova transmissão`);
  const preset = usePreset();
  // The preset seeds the form once; later refetches must not wipe what the user typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: seeded once.
  const initial = useMemo(() => newStreamForm(temporal(), preset, browserTimeZone()), []);
  return (
    <section className={layout.page} aria-labelledby="new-stream-title">
      <Link to="/streaming" className={layout.backLink}>
        <BackIcon />
        <Trans>Transmissões</Trans>
      </Link>
      <h1 id="new-stream-title" className={layout.pageTitle}>
        <Trans>Nova transmissão</Trans>
      </h1>
      <StreamWizard initial={initial} />
    </section>
  );
}

/** /streaming/$liveId/edit: the same wizard over the stream (date/time, colour and latency fixed once
 * it has started). */
export function EditStreamPage({ liveId }: { liveId: string }) {
  const { t } = useLingui();
  const stream = useStream(liveId);
  const classroom = useClassroomContent(liveId);
  useDocumentTitle(t`Editar ${stream.nome}`);
  // biome-ignore lint/correctness/useExhaustiveDependencies: seeded once per stream.
  const initial = useMemo(() => streamForm(temporal(), stream, browserTimeZone()), [stream.id]);
  return (
    <section className={layout.page} aria-labelledby="edit-stream-title">
      <Link to="/streaming/$liveId/panel" params={{ liveId }} className={layout.backLink}>
        <BackIcon />
        <Trans>Painel de controle</Trans>
      </Link>
      <div className={layout.pageHeader}>
        <h1 id="edit-stream-title" className={layout.pageTitle}>
          <Trans>Editar transmissão</Trans>
        </h1>
        <StatusBadge status={stream.status} />
      </div>
      <StreamWizard key={stream.id} initial={initial} stream={stream} classroom={classroom} />
    </section>
  );
}
