import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import * as css from '@/components/ui/admin-page.css';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { Pagination } from '@/components/ui/pagination';
import { RemoveUserDialog } from '@/components/ui/remove-user-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { shortDateTime } from '@/lib/intl';
import { capitalize } from '@/lib/text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { type TeamUser, useUsers } from '../api/list-users';
import { useRemoveUser } from '../api/remove-user';
import { ChangeRoleDialog } from './change-role-dialog';
import { InvitationsList } from './invitations-list';
import { InviteDialog } from './invite-dialog';

/** /users (showUsers or manageTeamUsers): the team's users, invitations, role changes and removal. */
export function UsersPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Usuários`);
  const me = useSession().user?.id;
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const users = useUsers({ search, page });
  const remove = useRemoveUser();
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<TeamUser>();
  const [removing, setRemoving] = useState<TeamUser>();
  const lastAccess = (at: string | null) =>
    at ? shortDateTime(new Date(at), i18n.locale) : t`Sem último acesso`;

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  };

  const data = users.data;
  return (
    <div className={css.page}>
      <div className={css.header}>
        <h1 className={css.title}>
          <Trans>Usuários</Trans>
        </h1>
        <Button type="button" onClick={() => setInviting(true)}>
          <Trans>Convidar usuário</Trans>
        </Button>
      </div>
      <form className={css.searchForm} aria-label={t`Buscar usuários`} onSubmit={onSearch}>
        <TextField
          className={css.grow}
          name="search"
          type="search"
          label={t`Buscar por nome ou e-mail`}
          value={typed}
          maxLength={100}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
        <Button type="submit" variant="secondary">
          <Trans>Buscar</Trans>
        </Button>
      </form>
      {data ? <InvitationsList invitations={data.invitations} /> : null}
      <section className={css.page} aria-labelledby="members-title">
        <h2 id="members-title" className={css.sectionTitle}>
          <Trans>Usuários da equipe</Trans>
        </h2>
        <ListError {...listQueryState(users)} />
        {users.data === undefined ? (
          users.isError ? null : (
            <div className={css.list} aria-busy="true">
              {[1, 2, 3].map((n) => (
                <div key={n} className={css.row}>
                  <Skeleton height="1.2em" />
                </div>
              ))}
            </div>
          )
        ) : data && data.items.length === 0 ? (
          <p className={css.empty}>
            <Trans>Nenhum resultado encontrado</Trans>
          </p>
        ) : (
          <ul className={css.list}>
            {data?.items.map((u) => (
              <li key={u.id} className={css.row} data-testid="team-user">
                <span className={css.cell}>
                  <span className={css.name}>{u.name}</span>
                  <span className={css.muted}>{u.email}</span>
                </span>
                <span className={css.cell}>{capitalize(u.role.name, i18n.locale)}</span>
                <span className={css.muted}>{lastAccess(u.lastAccess)}</span>
                <span className={css.actions}>
                  <button type="button" className={css.linkButton} onClick={() => setChanging(u)}>
                    <Trans>Alterar cargo</Trans>
                    <span className={css.visuallyHidden}> {u.name}</span>
                  </button>
                  {u.id !== me ? (
                    <button type="button" className={css.dangerLink} onClick={() => setRemoving(u)}>
                      <Trans>Remover da equipe</Trans>
                      <span className={css.visuallyHidden}> {u.name}</span>
                    </button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
        {data && data.pagination.pagesTotal > 1 ? (
          <Pagination
            page={page}
            pagesTotal={data.pagination.pagesTotal}
            onPageChange={setPage}
            label={t`Paginação dos usuários`}
          />
        ) : null}
      </section>
      <InviteDialog open={inviting} onOpenChange={setInviting} />
      <ChangeRoleDialog user={changing} onClose={() => setChanging(undefined)} />
      <RemoveUserDialog user={removing} onClose={() => setRemoving(undefined)} remove={remove} />
    </div>
  );
}
