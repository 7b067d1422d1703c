import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { type CardState, chipEnabled, integrateDisabled, switchDisabled, undoDisabled } from '../lib/state';
import * as css from './integrations.css';

export interface IntegrationCardProps {
  /** The provider's name as the spec writes it (not translated). */
  name: string;
  /** A file under public/integrations/. */
  image: string;
  description: ReactNode;
  state: CardState;
  /** The status is still being read: no control acts on a guess. */
  loading?: boolean;
  /** The switch's label and handler; a card without them has no switch (SPEC §2.4 "optional"). */
  switchLabel?: ReactNode;
  onToggle?: (on: boolean) => void;
  toggleBusy?: boolean;
  onIntegrate: () => void;
  integrateBusy?: boolean;
  /** Overrides the rule of SPEC §4 where a provider has its own (Facebook re-triggers the flow). */
  integrateEnabled?: boolean;
  onUndo: () => void;
  undoBusy?: boolean;
  undoEnabled?: boolean;
  /** Under the description: a provider's own line (the YouTube policy, the accounts button). */
  children?: ReactNode;
}

/** One card of SPEC §2.4: image, description, the optional switch with its HABILITADO / DESABILITADO
 * chip, 'Integração' (or 'Reautorizar' when the provider revoked it) and 'Desfazer Integração'. */
export function IntegrationCard({
  name,
  image,
  description,
  state,
  loading = false,
  switchLabel,
  onToggle,
  toggleBusy,
  onIntegrate,
  integrateBusy,
  integrateEnabled,
  onUndo,
  undoBusy,
  undoEnabled,
  children,
}: IntegrationCardProps) {
  const on = chipEnabled(state);
  const canIntegrate = integrateEnabled ?? !integrateDisabled(state, loading);
  const canUndo = undoEnabled ?? !undoDisabled(state, loading);
  const titleId = useId();
  return (
    <li>
      <article className={css.card} aria-labelledby={titleId} aria-busy={loading || undefined}>
        <div className={css.cardHead}>
          <img className={css.logo} src={image} alt="" width={48} height={48} />
          <h2 id={titleId} className={css.cardTitle}>
            {name}
          </h2>
        </div>
        <p className={css.description}>{description}</p>
        {children}
        {state.configured ? null : (
          <p className={css.notice} role="note">
            <Trans>
              Esta integração ainda não está disponível: o servidor não tem as credenciais do {name}. Peça ao
              administrador da plataforma para configurá-las.
            </Trans>
          </p>
        )}
        {state.integrated && state.deauthorized ? (
          <p className={css.notice} role="note">
            <Trans>O {name} revogou o acesso. Autorize de novo para voltar a importar.</Trans>
          </p>
        ) : null}
        {switchLabel && onToggle ? (
          <div className={css.switchRow}>
            <Switch
              name={`${name}-import`}
              label={switchLabel}
              checked={on}
              disabled={switchDisabled(state, loading)}
              busy={toggleBusy}
              onCheckedChange={onToggle}
            />
            <span className={css.chip} data-on={on ? '' : undefined} data-testid="integration-chip">
              {on ? <Trans>HABILITADO</Trans> : <Trans>DESABILITADO</Trans>}
            </span>
          </div>
        ) : null}
        <div className={css.actions}>
          <Button type="button" disabled={!canIntegrate} busy={integrateBusy} onClick={onIntegrate}>
            {state.integrated && state.deauthorized ? <Trans>Reautorizar</Trans> : <Trans>Integração</Trans>}
          </Button>
          <Button type="button" variant="secondary" disabled={!canUndo} busy={undoBusy} onClick={onUndo}>
            <Trans>Desfazer Integração</Trans>
          </Button>
        </div>
      </article>
    </li>
  );
}
