import { Trans } from '@lingui/react/macro';
import { StateIcon } from '@/components/ui/list-error';
import * as css from '@/components/ui/list-error.css';

/** SPEC §2.5: nothing logged yet, or (with an active search) nothing matched. A
 * failed fetch shows the shared list error state instead (docs/ui.md "Lists: states, paging, skeletons"). */
export function RecordsEmpty({ searching }: { searching: boolean }) {
  return (
    <div className={css.block} data-testid="records-empty">
      <StateIcon
        path={
          searching
            ? 'M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15ZM21 21l-5.2-5.2M8 10.5h5'
            : 'M7 3h7l5 5v13H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm7 0v5h5M9 13h6M9 17h4'
        }
      />
      {searching ? (
        <>
          <h2 className={css.title}>
            <Trans>Sem resultado</Trans>
          </h2>
          <p className={css.text}>
            <Trans>Nenhum resultado encontrado, tente novamente com outra palavra-chave.</Trans>
          </p>
        </>
      ) : (
        <>
          <h2 className={css.title}>
            <Trans>Nenhum evento registrado</Trans>
          </h2>
          <p className={css.text}>
            <Trans>Ações como criar, editar e excluir serão registradas aqui.</Trans>
          </p>
        </>
      )}
    </div>
  );
}
