import { createFileRoute } from '@tanstack/react-router';
import { AccountSettingsPage } from '@/features/account/components/account-settings-page';
import { requireGate } from '@/lib/guards';

/** SPEC §2.2 /account/settings: docs/api-admin.md "Account settings" and "Own profile". */
export const Route = createFileRoute('/_authed/_shell/account/settings')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/account/settings'),
  component: AccountSettingsPage,
});
