import { createFileRoute } from '@tanstack/react-router';
import { accountSettingsQueryOptions } from '@/features/account/api/account-settings';
import { twoFactorStatusQueryOptions } from '@/features/account/api/two-factor';
import { AccountSettingsPage } from '@/features/account/components/account-settings-page';
import { requireGate } from '@/lib/guards';
import { hasPermission } from '@/lib/permissions';
import { prefetchForVisit } from '@/lib/query-client';

/** SPEC §2.2 /account/settings: docs/api-admin.md "Account settings" and "Own profile". */
export const Route = createFileRoute('/_authed/_shell/account/settings')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/account/settings'),
  loader: ({ context }) => {
    const { queryClient, auth } = context;
    if (hasPermission(auth.get().permissions, 'showAccountSettings')) {
      void prefetchForVisit(queryClient, accountSettingsQueryOptions());
    }
    void prefetchForVisit(queryClient, twoFactorStatusQueryOptions());
  },
  component: AccountSettingsPage,
});
