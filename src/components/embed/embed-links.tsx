import { Trans, useLingui } from '@lingui/react/macro';
import { CopyIcon } from '@/components/ui/icon';
import * as layout from '@/components/ui/layout.css';
import { iframeSnippet } from '@/lib/embed-links';
import { useCopy } from '@/lib/use-copy';
import * as css from './embed-links.css';

/** An icon button that copies `text` and says so (`success`); `label` is its accessible name. */
export function CopyButton({ text, success, label }: { text: string; success: string; label: string }) {
  const copy = useCopy();
  return (
    <button
      type="button"
      className={css.copyButton}
      aria-label={label}
      title={label}
      onClick={() => void copy(text, success)}
    >
      <CopyIcon />
    </button>
  );
}

/** How a player is shared (docs/playback.md "Embed links"): its link (open it, copy it) and the iframe
 * snippet a site pastes (shown, and copied). One component for a live's panel and a library video, so
 * both offer the same things with the same words. `player` is the embed page's full address. */
export function EmbedLinks({ player, title }: { player: string; title: string }) {
  const { t } = useLingui();
  const snippet = iframeSnippet(player, title);
  return (
    <>
      <div className={css.linkRow}>
        <a href={player} target="_blank" rel="noopener noreferrer" className={layout.link}>
          <Trans>Abrir o player</Trans>
        </a>
        <CopyButton text={player} success={t`Link do player copiado`} label={t`Copiar link do player`} />
      </div>
      <div className={css.linkRow}>
        <span>
          <Trans>Incorporar em um site (iframe)</Trans>
        </span>
        <CopyButton text={snippet} success={t`Link do iframe copiado`} label={t`Copiar link do iframe`} />
      </div>
      <code className={css.code} data-testid="embed-code">
        {snippet}
      </code>
    </>
  );
}
