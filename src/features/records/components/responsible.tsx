import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import type { LogEntry } from '../api/list-logs';
import { initials } from '../lib/format';
import { formatBrowser, parseBrowser } from '../lib/user-agent';
import * as css from './log.css';

function Avatar({ name, email, src }: { name?: string | null; email?: string | null; src?: string | null }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className={css.avatar} aria-hidden="true">
      {src && !broken ? (
        <img className={css.avatarImg} src={src} alt="" loading="lazy" onError={() => setBroken(true)} />
      ) : (
        initials(name, email)
      )}
    </span>
  );
}

/** The responsible user: avatar, e-mail and an info button opening name, mail and browser. */
export function Responsible({ entry }: { entry: LogEntry }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const user = entry.user;
  const email = user?.email || t`Desconhecido`;
  const browser = parseBrowser(entry.user_agent);
  return (
    <div className={css.person}>
      <Avatar name={user?.name} email={user?.email} src={user?.avatar} />
      <span className={css.email}>{email}</span>
      <button
        type="button"
        className={css.infoButton}
        aria-label={t`Informações de ${email}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Icon>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v5M12 7.5v.01" />
        </Icon>
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={<Trans>Informações do responsável</Trans>}
        closeLabel={t`Fechar`}
        footer={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            <Trans>Fechar</Trans>
          </Button>
        }
      >
        <dl className={css.infoList}>
          <dt className={css.recordKey}>
            <Trans>Nome</Trans>
          </dt>
          <dd className={css.infoValue}>{user?.name || '—'}</dd>
          <dt className={css.recordKey}>
            <Trans>E-mail</Trans>
          </dt>
          <dd className={css.infoValue}>{user?.email || '—'}</dd>
          <dt className={css.recordKey}>
            <Trans>Navegador</Trans>
          </dt>
          <dd className={css.infoValue} title={entry.user_agent ?? undefined}>
            {browser ? formatBrowser(browser) : t`Desconhecido`}
          </dd>
        </dl>
      </Dialog>
    </div>
  );
}
