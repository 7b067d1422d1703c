import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/toast';
import { useSession } from '@/lib/use-session';
import { failureText } from '../../admin/components/role-options';
import { useUploadAvatar } from '../api/profile';
import * as css from './avatar-field.css';

/** The own picture: shown, and replaced by a PNG, JPEG or WebP the server checks and scales. */
export function AvatarField() {
  const { t } = useLingui();
  const user = useSession().user;
  const upload = useUploadAvatar();
  const fileRef = useRef<HTMLInputElement>(null);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => notify('success', t`Foto atualizada`, ''),
      onError: (e) => notify('error', failureText(e, t`Não foi possível enviar a imagem. Tente novamente`)),
    });
  };

  return (
    <div className={layout.actions}>
      {user?.avatar ? (
        <img src={user.avatar} alt={t`Sua foto`} width={64} height={64} className={css.avatar} />
      ) : null}
      <Button
        type="button"
        variant="secondary"
        busy={upload.isPending}
        onClick={() => fileRef.current?.click()}
      >
        <Trans>Alterar foto</Trans>
      </Button>
      <input
        ref={fileRef}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        aria-label={t`Foto do perfil`}
        onChange={(e) => {
          onFile(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
    </div>
  );
}
