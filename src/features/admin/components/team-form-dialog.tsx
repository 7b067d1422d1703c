import { Trans, useLingui } from '@lingui/react/macro';
import type { ClientTeam } from '../api/list-client-teams';
import { useSaveTeam } from '../api/save-team';
import { NameFormDialog } from './name-form-dialog';

/** Create (team null) or rename (a team) a team of the client; undefined: closed. */
export function TeamFormDialog({
  team,
  onClose,
}: {
  team: ClientTeam | null | undefined;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const save = useSaveTeam();
  return (
    <NameFormDialog
      item={team}
      formId="team-form"
      title={team ? <Trans>Renomear time</Trans> : <Trans>Novo time</Trans>}
      nameLabel={t`Nome do time`}
      maxLength={100}
      save={save}
      toInput={(name) => ({ ...(team ? { id: team.id } : {}), name })}
      savedText={team ? t`Time atualizado` : t`Time criado`}
      failedText={t`Não foi possível salvar o time. Tente novamente`}
      onClose={onClose}
    />
  );
}
