import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { notify } from '@/components/ui/notify';
import { Popover } from '@/components/ui/popover';
import { broadcast } from '@/lib/broadcast';
import { useSelectTeam } from '@/lib/select-team';
import { capitalize } from '@/lib/text';
import { useSession } from '@/lib/use-session';
import { useOutsideTeamName, useTeamOptions } from '../api/get-teams';
import { CheckIcon, ChevronDownIcon } from './icons';
import * as css from './team-switcher.css';

/** SPEC §2.2 header team selector: search ('Buscar'), 'Limpar filtros', a list at most 230 px tall. */
export function TeamSwitcher() {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const { user, contasCargos } = useSession();
  const { teams, isLoading } = useTeamOptions(user, contasCargos);
  const selectTeam = useSelectTeam();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();

  const currentId = user?.selectedTeamId;
  const listedName =
    contasCargos.find((c) => c.conta_id === currentId)?.conta_nome ??
    teams.find((x) => x.id === currentId)?.name;
  const outsideName = useOutsideTeamName(currentId, !isLoading && listedName === undefined);
  const currentName = listedName ?? outsideName;
  const needle = search.trim().toLocaleLowerCase('pt-BR');
  const shown = needle ? teams.filter((x) => x.name.toLocaleLowerCase('pt-BR').includes(needle)) : teams;

  const choose = (teamId: string) => {
    if (teamId === currentId) {
      setOpen(false);
      return;
    }
    selectTeam.mutate(teamId, {
      onSuccess: () => {
        broadcast.post({ type: 'team', teamId });
        setOpen(false);
        setSearch('');
        // Guards and loaders run again under the new team's permissions (a page it may not open → /403).
        void router.invalidate();
      },
      onError: () => notify('error', t`Não foi possível trocar de time. Tente novamente.`),
    });
  };

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      initialFocus={() => searchRef.current}
      title={<Trans>Selecionar time</Trans>}
      trigger={
        <button type="button" className={css.trigger}>
          <span className={css.triggerText}>
            <span className={css.triggerLabel}>
              <Trans>Selecionar time</Trans>
            </span>
            <span className={css.triggerValue} data-testid="current-team">
              {currentName ?? '—'}
            </span>
          </span>
          <ChevronDownIcon />
        </button>
      }
    >
      <div className={css.searchRow}>
        <label htmlFor={searchId} className={css.searchLabel}>
          <Trans>Buscar</Trans>
        </label>
        <input
          ref={searchRef}
          id={searchId}
          name="search"
          type="search"
          autoComplete="off"
          className={css.search}
          placeholder={t`Buscar`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="button" className={css.clear} onClick={() => setSearch('')} disabled={!search}>
          <Trans>Limpar filtros</Trans>
        </button>
      </div>
      <ul className={css.list} aria-label={t`Times`} aria-busy={isLoading || selectTeam.isPending}>
        {shown.map((team) => {
          const current = team.id === currentId;
          return (
            <li key={team.id}>
              <button
                type="button"
                className={css.option}
                aria-current={current ? 'true' : undefined}
                disabled={selectTeam.isPending}
                onClick={() => choose(team.id)}
              >
                <span className={css.optionText}>
                  <span className={css.optionName}>{team.name}</span>
                  <span className={css.optionRole}>{capitalize(team.roleName, i18n.locale)}</span>
                </span>
                {current ? <CheckIcon /> : null}
              </button>
            </li>
          );
        })}
        {!isLoading && shown.length === 0 ? (
          <li className={css.empty}>
            <Trans>Nenhum time encontrado</Trans>
          </li>
        ) : null}
      </ul>
    </Popover>
  );
}
