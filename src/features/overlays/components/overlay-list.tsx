import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import * as layout from '@/components/ui/layout.css';
import * as list from '@/components/ui/list.css';
import { failureText } from '@/lib/failure-text';
import { useDeleteOverlay } from '../api/delete-overlay';
import type { OverlayItem } from '../api/overlay';
import { POSITION_LABELS } from './labels';
import * as css from './overlays.css';

/** The team's overlays, each with what it shows, where, how wide, and a remove button. */
export function OverlayList({ overlays }: { overlays: OverlayItem[] }) {
  const { t, i18n } = useLingui();
  const remove = useDeleteOverlay();
  const [removing, setRemoving] = useState<OverlayItem | null>(null);
  const [error, setError] = useState<string>();
  return (
    <section className={layout.card} aria-labelledby="overlay-list-title">
      <h2 id="overlay-list-title" className={layout.cardTitle}>
        <Trans>Overlays da equipe</Trans>
      </h2>
      {overlays.length === 0 ? (
        <p className={list.empty}>
          <Trans>Nenhum overlay criado ainda.</Trans>
        </p>
      ) : (
        <ul className={list.cards} aria-label={t`Overlays da equipe`}>
          {overlays.map((o) => (
            <li key={o.id} className={list.cardItem}>
              <div className={css.preview} aria-hidden="true">
                {o.kind === 'image' && o.imageUrl ? (
                  <img src={o.imageUrl} alt="" className={css.previewImage} />
                ) : (
                  <span style={{ color: o.color ?? undefined }}>{o.text}</span>
                )}
              </div>
              <div className={list.cardBody}>
                <span className={list.nameCell}>{o.name}</span>
                <span className={list.cardMeta}>
                  {o.kind === 'image' ? t`Imagem` : t`Texto`} · {i18n._(POSITION_LABELS[o.position])} ·{' '}
                  {t`largura ${o.widthPercent}%`}
                </span>
              </div>
              <Button variant="secondary" onClick={() => setRemoving(o)} aria-label={t`Remover ${o.name}`}>
                <Trans>Remover</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRemoving(null);
            setError(undefined);
          }
        }}
        title={t`Remover overlay`}
        description={t`O overlay "${removing?.name ?? ''}" sai de todas as transmissões em que está ligado.`}
        confirmLabel={t`Remover`}
        cancelLabel={t`Cancelar`}
        closeLabel={t`Fechar`}
        tone="danger"
        busy={remove.isPending}
        error={error}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => setRemoving(null),
            onError: (e) => setError(failureText(e, t`Não foi possível remover o overlay. Tente novamente`)),
          });
        }}
      />
    </section>
  );
}
