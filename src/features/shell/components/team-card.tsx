import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { capitalize } from '@/lib/text';
import type { TeamOption } from '../api/get-teams';
import { initials } from '../format';
import * as css from './select-team-page.css';

export interface TeamCardProps {
  team: TeamOption;
  /** Off-screen cards keep their button out of the tab order (the carousel hides them from readers). */
  inView: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}

/** One team of the selection carousel: thumbnail or initials, account name, role, 'Acessar'. */
export function TeamCard({ team, inView, busy, disabled, onChoose }: TeamCardProps) {
  const nameId = useId();
  const { i18n } = useLingui();
  return (
    <article className={css.card} aria-labelledby={nameId} data-team={team.id}>
      {team.thumbnail ? (
        <img className={css.thumb} src={team.thumbnail} alt="" width={96} height={96} loading="lazy" />
      ) : (
        <span className={css.initials} aria-hidden="true">
          {initials(team.name)}
        </span>
      )}
      <h2 id={nameId} className={css.name}>
        {team.name}
      </h2>
      <p className={css.role}>{capitalize(team.roleName, i18n.locale)}</p>
      <button
        type="button"
        className={css.access}
        aria-describedby={nameId}
        aria-busy={busy || undefined}
        tabIndex={inView ? 0 : -1}
        disabled={disabled}
        onClick={onChoose}
      >
        {busy ? <Trans>Acessando…</Trans> : <Trans>Acessar</Trans>}
      </button>
    </article>
  );
}
