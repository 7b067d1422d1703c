import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '@/lib/use-session';
import { useUploadAvatar } from '../api/profile';
import * as css from './avatar-field.css';
import { ImageUploadField } from './image-upload-field';

/** The own picture: shown, and replaced by a PNG, JPEG or WebP the server checks and scales. */
export function AvatarField() {
  const { t } = useLingui();
  const user = useSession().user;
  const upload = useUploadAvatar();
  return (
    <ImageUploadField
      src={user?.avatar}
      alt={t`Sua foto`}
      imageClassName={css.avatar}
      label={<Trans>Alterar foto</Trans>}
      inputLabel={t`Foto do perfil`}
      successText={t`Foto atualizada`}
      upload={upload}
    />
  );
}
