import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { Carousel } from '@/components/ui/carousel';
import { PRODUCT_NAME } from '@/lib/brand';
import { broadcast } from '@/lib/broadcast';
import { lastVisited } from '@/lib/last-visited';
import { useSelectTeam } from '@/lib/select-team';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMediaQuery } from '@/lib/use-media-query';
import { useSession } from '@/lib/use-session';
import { type TeamOption, useTeamOptions } from '../api/get-teams';
import { afterTeamSelection } from '../root-redirect';
import { LanguageSelect } from './language-select';
import * as css from './select-team-page.css';
import { TeamCard } from './team-card';

/** Width of one card and its share of the spacing. */
const CARD_SLOT_PX = 300;

/** SPEC §2.1: 1 card per view on narrow screens, more from 768, 1024 and 1080 px. */
function useSlidesPerPage() {
  const md = useMediaQuery('(min-width: 768px)');
  const lg = useMediaQuery('(min-width: 1024px)');
  const xl = useMediaQuery('(min-width: 1080px)');
  return xl ? 4 : lg ? 3 : md ? 2 : 1;
}

/** SPEC §2.1 team selection: a user with several teams picks one before anything else. */
export function SelectTeamPage({ redirectTo }: { redirectTo?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { user, contasCargos } = useSession();
  const { teams } = useTeamOptions(user, contasCargos);
  const selectTeam = useSelectTeam();
  const perPage = useSlidesPerPage();
  useDocumentTitle(t`Selecionar time`);

  const choose = (team: TeamOption) =>
    selectTeam.mutate(team.id, {
      onSuccess: () => {
        broadcast.post({ type: 'team', teamId: team.id });
        void navigate({ href: team.blocked ? '/blocked' : afterTeamSelection(redirectTo, lastVisited()) });
      },
    });

  return (
    <div className={css.page}>
      <div className={css.bar}>
        <span className={css.brand}>{PRODUCT_NAME}</span>
        <div className={css.barActions}>
          <LanguageSelect />
          <Link className={css.logout} to="/logout" preload={false}>
            <Trans>Sair</Trans>
          </Link>
        </div>
      </div>
      <main className={css.main}>
        <h1 className={css.title}>
          <Trans>Seja bem vindo a {PRODUCT_NAME}</Trans>
        </h1>
        <p className={css.subtitle}>
          <Trans>Escolha o time com o qual deseja trabalhar.</Trans>
        </p>
        {selectTeam.isError ? (
          <p className={css.error} role="alert">
            <Trans>Não foi possível acessar este time. Tente novamente.</Trans>
          </p>
        ) : null}
        {teams.length === 0 ? (
          <p className={css.subtitle}>
            <Trans>
              Você ainda não faz parte de nenhum time. Entre em contato com o administrador da sua conta.
            </Trans>
          </p>
        ) : (
          <div
            className={css.carousel}
            style={{ maxWidth: `${Math.min(perPage, teams.length) * CARD_SLOT_PX}px` }}
          >
            <Carousel
              items={teams}
              getKey={(team) => team.id}
              slidesPerPage={perPage}
              animationMs={800}
              labels={{
                region: t`Times`,
                previous: t`Times anteriores`,
                next: t`Próximos times`,
                item: (index, count) => t`Time ${index + 1} de ${count}`,
                indicator: (index) => t`Ir para a página ${index + 1}`,
              }}
              renderItem={(team, { inView }) => (
                <TeamCard
                  team={team}
                  inView={inView}
                  busy={selectTeam.isPending && selectTeam.variables === team.id}
                  disabled={selectTeam.isPending}
                  onChoose={() => choose(team)}
                />
              )}
            />
          </div>
        )}
      </main>
    </div>
  );
}
