import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import * as css from '@/components/ui/admin-page.css';
import { notify } from '@/components/ui/notify';
import { failureText } from '@/lib/failure-text';
import { capitalize } from '@/lib/text';
import { useOnline } from '@/lib/use-online';
import type { ClientTeam } from '../api/list-client-teams';
import { useTeamMembers } from '../api/list-team-members';
import { useUploadTeamThumbnail } from '../api/upload-team-thumbnail';
import * as teamCss from './teams.css';

/** One team of /teams: picture, name, members count; rename, change the picture, see the members. */
export function TeamRow({ team, onRename }: { team: ClientTeam; onRename: () => void }) {
  const { t, i18n } = useLingui();
  const [showMembers, setShowMembers] = useState(false);
  const members = useTeamMembers(team.id, showMembers);
  const online = useOnline();
  const upload = useUploadTeamThumbnail();
  const fileRef = useRef<HTMLInputElement>(null);
  const membersId = `team-members-${team.id}`;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(
      { teamId: team.id, file },
      {
        onSuccess: () => notify('success', t`Imagem do time atualizada`, team.name),
        onError: (e) => notify('error', failureText(e, t`Não foi possível enviar a imagem. Tente novamente`)),
      },
    );
  };

  return (
    <li className={teamCss.teamRow} data-testid="client-team">
      <span className={teamCss.teamCell}>
        {team.thumbnail ? (
          <img className={teamCss.picture} src={team.thumbnail} alt="" width={40} height={40} />
        ) : (
          <span className={teamCss.picture} aria-hidden="true" />
        )}
        <span className={teamCss.teamText}>
          <span className={css.name}>{team.name}</span>
          <span className={css.muted}>
            <Plural value={team.membersCount} _0="# membros" one="# membro" other="# membros" />
          </span>
        </span>
      </span>
      <span className={css.actions}>
        <button type="button" className={css.linkButton} onClick={onRename}>
          <Trans>Renomear</Trans>
          <span className={css.visuallyHidden}> {team.name}</span>
        </button>
        <button
          type="button"
          className={css.linkButton}
          disabled={upload.isPending}
          onClick={() => fileRef.current?.click()}
        >
          <Trans>Alterar imagem</Trans>
          <span className={css.visuallyHidden}> {team.name}</span>
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          hidden
          aria-label={t`Imagem do time ${team.name}`}
          onChange={(e) => {
            onFile(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
        <button
          type="button"
          className={css.linkButton}
          aria-expanded={showMembers}
          aria-controls={membersId}
          onClick={() => setShowMembers((v) => !v)}
        >
          {showMembers ? <Trans>Ocultar membros</Trans> : <Trans>Ver membros</Trans>}
          <span className={css.visuallyHidden}> {team.name}</span>
        </button>
      </span>
      {showMembers ? (
        <ul id={membersId} className={teamCss.memberList} aria-label={t`Membros de ${team.name}`}>
          {members.data === undefined ? (
            <li className={css.muted}>
              {!members.isError ? (
                <Trans>Carregando…</Trans>
              ) : online ? (
                <Trans>Não foi possível carregar os membros.</Trans>
              ) : (
                <Trans>Você está offline: os membros deste time ainda não foram salvos neste aparelho.</Trans>
              )}
            </li>
          ) : (
            members.data.map((m) => (
              <li key={m.id}>
                <span className={css.name}>{m.name}</span>{' '}
                <span className={css.muted}>
                  {m.email} · {capitalize(m.role, i18n.locale)}
                </span>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </li>
  );
}
