import { Trans } from '@lingui/react/macro';
import { Switch } from '@/components/ui/switch';
import * as css from '../streaming.css';
import { ColorInput } from './color-input';
import type { SettingsFieldsProps } from './types';

/** Studio settings (SPEC §2.7): chat, buttons, studio and waiting-room colours. */
export function StudioFields({ form, set }: SettingsFieldsProps) {
  return (
    <div className={css.formGrid}>
      <div className={`${css.switches} ${css.full}`}>
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
