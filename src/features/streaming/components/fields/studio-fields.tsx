import { Trans } from '@lingui/react/macro';
import { ColorInput } from '@/components/ui/color-input';
import * as formStyles from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { Switch } from '@/components/ui/switch';
import { type BannerDraft, BannerInput } from '../banner-input';
import type { SettingsFieldsProps } from './types';

/** The studio background image of one stream: its current URL and what was picked (uploaded on save). */
export interface StudioBackground {
  current: string | null;
  draft: BannerDraft | undefined;
  onChange: (draft: BannerDraft | undefined) => void;
}

/** Studio settings (SPEC §2.7): chat, background, buttons, studio and waiting-room colours. The
 * background is an image of one stream (the general settings hold no images), so it shows only when
 * `background` is given. */
export function StudioFields({
  form,
  set,
  background,
}: SettingsFieldsProps & { background?: StudioBackground }) {
  return (
    <div className={formStyles.formGrid}>
      {background ? (
        <div className={formStyles.full}>
          <BannerInput
            name="studioBackground"
            kind="studioBackground"
            label={<Trans>Fundo do estúdio</Trans>}
            hint={<Trans>1920x1080 até 30MB</Trans>}
            current={background.current}
            draft={background.draft}
            onChange={background.onChange}
          />
        </div>
      ) : (
        <div className={formStyles.full}>
          <p className={layout.muted}>
            <Trans>
              O fundo do estúdio é uma imagem de cada transmissão: escolha-o ao criar ou editar a transmissão.
            </Trans>
          </p>
          <p className={layout.muted} data-testid="studio-background-hint">
            <Trans>1920x1080 até 30MB</Trans>
          </p>
        </div>
      )}
      <div className={`${formStyles.switches} ${formStyles.full}`}>
        <Switch
          name="studio.chat"
          label={<Trans>Chat</Trans>}
          hint={<Trans>Mostra o chat no estúdio.</Trans>}
          checked={form.chat}
          onCheckedChange={(chat) => set({ chat })}
        />
        <Switch
          name="studio.settingsButton"
          label={<Trans>Botão de configurações</Trans>}
          checked={form.settingsButton}
          onCheckedChange={(settingsButton) => set({ settingsButton })}
        />
        <Switch
          name="studio.moreOptionsButton"
          label={<Trans>Botão de mais opções</Trans>}
          checked={form.moreOptionsButton}
          onCheckedChange={(moreOptionsButton) => set({ moreOptionsButton })}
        />
      </div>
      <ColorInput
        name="studio.studioColor"
        label={<Trans>Cor do estúdio</Trans>}
        value={form.studioColor}
        onChange={(studioColor) => set({ studioColor })}
      />
      <ColorInput
        name="studio.waitingRoomColor"
        label={<Trans>Cor da sala de espera</Trans>}
        value={form.waitingRoomColor}
        onChange={(waitingRoomColor) => set({ waitingRoomColor })}
      />
    </div>
  );
}
