import { useLingui } from '@lingui/react/macro';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { PageLoadError } from '@/features/shell/components/page-load-error';
import { presetQueryOptions } from '@/features/streaming/api/get-preset';
import { GeneralSettingsPage } from '@/features/streaming/components/settings/general-settings-page';
import { requireGate } from '@/lib/guards';
import { loadForVisit } from '@/lib/query-client';

/** SPEC §2.7 general settings wizard (the account's preset for new streams): the server's online, the
 * saved copy offline. */
export const Route = createFileRoute('/_authed/_shell/streaming/settings')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/streaming'),
  loader: ({ context }) => loadForVisit(context.queryClient, presetQueryOptions()),
  component: GeneralSettingsPage,
  errorComponent: SettingsError,
});

function SettingsError(props: ErrorComponentProps) {
  const { t } = useLingui();
  return <PageLoadError {...props} title={t`Configurações gerais`} />;
}
