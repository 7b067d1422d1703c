import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import * as css from '@/components/ui/admin-page.css';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { notify } from '@/components/ui/notify';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { broadcast } from '@/lib/broadcast';
import { useSelectTeam } from '@/lib/select-team';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { useClients } from '../api/list-clients';
import * as teamCss from './teams.css';

/** /clients (showClients, staff): every client with its teams, blocked state and users; 'Acessar' works
 * in one of its teams as staff (logged ACESSO_STAFF by the server). */
export function ClientsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Clientes`);
  const navigate = useNavigate();
  const router = useRouter();
  const current = useSession().user?.selectedTeamId;
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const clients = useClients({ search, page });
  const selectTeam = useSelectTeam();

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  };
  const act = (accountId: string, blocked: boolean) =>
    selectTeam.mutate(accountId, {
      onSuccess: () => {
        broadcast.post({ type: 'team', teamId: accountId });
        void router.invalidate();
        void navigate({ to: blocked ? '/blocked' : '/streaming' });
      },
      onError: () => notify('error', t`Não foi possível trocar de time. Tente novamente.`),
    });

  const data = clients.data;
  return (
    <div className={css.page}>
      <div className={css.header}>
        <h1 className={css.title}>
          <Trans>Clientes</Trans>
        </h1>
      </div>
      <form className={css.searchForm} aria-label={t`Buscar clientes`} onSubmit={onSearch}>
        <TextField
          className={css.grow}
          name="search"
          type="search"
          label={t`Buscar por cliente ou time`}
          value={typed}
          maxLength={100}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
        <Button type="submit" variant="secondary">
          <Trans>Buscar</Trans>
        </Button>
      </form>
      <ListError {...listQueryState(clients)} />
      {clients.data === undefined ? (
        clients.isError ? null : (
          <div className={css.list} aria-busy="true">
            <div className={css.row}>
              <Skeleton height="1.2em" />
            </div>
          </div>
        )
      ) : data && data.items.length === 0 ? (
        <p className={css.empty}>
          <Trans>Nenhum resultado encontrado</Trans>
        </p>
      ) : (
        <ul className={css.list} aria-label={t`Clientes`}>
          {data?.items.map((client) => (
            <li key={client.id} className={teamCss.teamRow} data-testid="client">
              <span className={teamCss.teamText}>
                <span className={css.name}>
                  {client.name}
                  {client.blocked ? (
                    <span className={css.badge}>
                      {' '}
                      <Trans>Bloqueado</Trans>
                    </span>
                  ) : null}
                </span>
                <span className={css.muted}>
                  <Plural value={client.usersCount} _0="# usuários" one="# usuário" other="# usuários" />
                  {' · '}
                  <Trans>Plano: {client.plan.name}</Trans>
                </span>
              </span>
              <ul className={teamCss.memberList} aria-label={t`Times de ${client.name}`}>
                {client.accounts.map((account) => (
                  <li key={account.id} className={teamCss.teamCell}>
                    <span className={teamCss.teamText}>
                      <span>
                        {account.name}
                        {account.blocked ? (
                          <span className={css.muted}>
                            {' '}
                            · <Trans>Bloqueado</Trans>
                          </span>
                        ) : null}
                      </span>
                      <span className={css.muted}>
                        <Plural
                          value={account.membersCount}
                          _0="# membros"
                          one="# membro"
                          other="# membros"
                        />
                      </span>
                    </span>
                    {account.id === current ? (
                      <span className={css.muted}>
                        <Trans>Time atual</Trans>
                      </span>
                    ) : (
                      <button
                        type="button"
                        className={css.linkButton}
                        disabled={selectTeam.isPending}
                        onClick={() => act(account.id, account.blocked)}
                      >
                        <Trans>Acessar</Trans>
                        <span className={css.visuallyHidden}> {account.name}</span>
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {data && data.pagination.pagesTotal > 1 ? (
        <Pagination
          page={page}
          pagesTotal={data.pagination.pagesTotal}
          onPageChange={setPage}
          label={t`Paginação dos clientes`}
        />
      ) : null}
    </div>
  );
}
