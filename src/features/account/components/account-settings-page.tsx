import { Trans, useLingui } from '@lingui/react/macro';
import * as layout from '@/components/ui/layout.css';
import { hasPermission } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { AccountSettingsForm } from './account-settings-form';
import { ProfileSection } from './profile-section';

/** /account/settings: the team's settings (showAccountSettings) and the user's own profile. */
export function AccountSettingsPage() {
  const { permissions } = useSession();
  const { t } = useLingui();
  useDocumentTitle(t`Configurações`);
  return (
    <div className={layout.page}>
      <header className={layout.pageHeader}>
        <h1 className={layout.pageTitle}>
          <Trans>Configurações</Trans>
        </h1>
      </header>
      {hasPermission(permissions, 'showAccountSettings') ? <AccountSettingsForm /> : null}
      <ProfileSection />
    </div>
  );
}
