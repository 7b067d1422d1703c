import { createFileRoute } from '@tanstack/react-router';
import { presetQueryOptions } from '@/features/streaming/api/get-preset';
import { GeneralSettingsPage } from '@/features/streaming/components/settings/general-settings-page';
import { requireGate } from '@/lib/guards';

/** SPEC §2.7 general settings wizard (the account's preset for new streams). */
export const Route = createFileRoute('/_authed/_shell/streaming/settings')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/streaming'),
  loader: ({ context }) => context.queryClient.ensureQueryData(presetQueryOptions()),
  component: GeneralSettingsPage,
});
