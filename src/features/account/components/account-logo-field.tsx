import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/toast';
import { failureText } from '../../admin/components/role-options';
import { useUploadAccountLogo } from '../api/account-settings';

/** The team's logo (its picture in the team selector), replaced by a PNG, JPEG or WebP. */
export function AccountLogoField({ logo }: { logo: string | null }) {
  const { t } = useLingui();
  const upload = useUploadAccountLogo();
  const fileRef = useRef<HTMLInputElement>(null);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => notify('success', t`Logo atualizado`, ''),
      onError: (e) => notify('error', failureText(e, t`Não foi possível enviar a imagem. Tente novamente`)),
    });
  };

  return (
    <div className={layout.actions}>
      {logo ? <img src={logo} alt={t`Logo da conta`} width={64} height={64} /> : null}
      <Button
        type="button"
        variant="secondary"
        busy={upload.isPending}
        onClick={() => fileRef.current?.click()}
      >
        <Trans>Alterar logo</Trans>
      </Button>
      <input
        ref={fileRef}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        aria-label={t`Arquivo do logo`}
        onChange={(e) => {
          onFile(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
    </div>
  );
}
