import { Trans, useLingui } from '@lingui/react/macro';
import * as layout from '@/components/ui/layout.css';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ProfileSection } from './profile-section';

/** /profile: every signed-in user's own profile, whatever their permissions. */
export function ProfilePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Meu perfil`);
  return (
    <div className={layout.page}>
      <header className={layout.pageHeader}>
        <h1 className={layout.pageTitle}>
          <Trans>Meu perfil</Trans>
        </h1>
      </header>
      <ProfileSection />
    </div>
  );
}
