import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { PageLoadError } from '@/features/shell/components/page-load-error';
import { presetQueryOptions } from '@/features/streaming/api/get-preset';
import { NewStreamPage } from '@/features/streaming/components/stream-form-page';
import { requireGate } from '@/lib/guards';
import { loadForVisit } from '@/lib/query-client';
import { loadTemporal } from '@/lib/temporal';

/** SPEC §2.7 create wizard (single live), seeded from the account's general settings: the server's
 * online, the saved copy offline (the library saves it when it opens: streaming-page.tsx). */
export const Route = createFileRoute('/_authed/_shell/streaming/new')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/streaming'),
  loader: async ({ context }) => {
    await Promise.all([loadTemporal(), loadForVisit(context.queryClient, presetQueryOptions())]);
  },
  component: NewStreamPage,
  errorComponent: NewStreamError,
});

function NewStreamError(props: ErrorComponentProps) {
  const { t } = useLingui();
  return (
    <PageLoadError
      {...props}
      title={t`Nova transmissão`}
      offlineText={
        <Trans>
          A nova transmissão parte das configurações gerais da conta, que ainda não foram salvas neste
          aparelho. Ela abre quando a conexão voltar.
        </Trans>
      }
    />
  );
}
