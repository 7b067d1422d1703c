import { Trans, useLingui } from '@lingui/react/macro';
import { useUploadAccountLogo } from '../api/account-settings';
import { ImageUploadField } from './image-upload-field';

/** The team's logo (its picture in the team selector), replaced by a PNG, JPEG or WebP. */
export function AccountLogoField({ logo }: { logo: string | null }) {
  const { t } = useLingui();
  const upload = useUploadAccountLogo();
  return (
    <ImageUploadField
      src={logo}
      alt={t`Logo da conta`}
      label={<Trans>Alterar logo</Trans>}
      inputLabel={t`Arquivo do logo`}
      successText={t`Logo atualizado`}
      upload={upload}
    />
  );
}
