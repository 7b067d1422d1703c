import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as css from '@/components/ui/admin-page.css';
import { Button } from '@/components/ui/button';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type ClientTeam, useClientTeams } from '../api/list-client-teams';
import { TeamFormDialog } from './team-form-dialog';
import { TeamRow } from './team-row';

/** /teams (gerenciarTimes or manageTeamUsers): the client's teams; create, rename, picture, members. */
export function TeamsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Times`);
  const teams = useClientTeams();
  const [editing, setEditing] = useState<ClientTeam | null>();
  const clientName = teams.data?.client.name ?? '';

  return (
    <div className={css.page}>
      <div className={css.header}>
        <div>
          <h1 className={css.title}>
            <Trans>Times</Trans>
          </h1>
          {clientName ? (
            <p className={css.muted}>
              <Trans>Times do cliente {clientName}</Trans>
            </p>
          ) : null}
        </div>
        <Button type="button" onClick={() => setEditing(null)}>
          <Trans>Novo time</Trans>
        </Button>
      </div>
      <ListError {...listQueryState(teams)} />
      {teams.data === undefined ? (
        teams.isError ? null : (
          <div className={css.list} aria-busy="true">
            {[1, 2].map((n) => (
              <div key={n} className={css.row}>
                <Skeleton height="1.2em" />
              </div>
            ))}
          </div>
        )
      ) : (
        <ul className={css.list} aria-label={t`Times`}>
          {teams.data.items.map((team) => (
            <TeamRow key={team.id} team={team} onRename={() => setEditing(team)} />
          ))}
        </ul>
      )}
      <TeamFormDialog team={editing} onClose={() => setEditing(undefined)} />
    </div>
  );
}
