import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '@/components/ui/icon';
import { type EventIconKind, eventIconKind } from '../lib/event-icon';
import * as css from './log.css';

const NAMES = {
  created: msg`Criação`,
  authorized: msg`Autorização`,
  removed: msg`Remoção`,
  updated: msg`Atualização`,
  other: msg`Evento`,
};

const PATHS: Record<EventIconKind, string> = {
  created: 'M12 5v14M5 12h14',
  authorized: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3Zm-3 9 2 2 4-4',
  removed: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  updated: 'M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4',
  other: 'M12 8h.01M11 12h1v5h1',
};

/** The event's icon (SPEC §9: by the CRIAD / AUTORIZAD / REMOVID / ATUALIZAD substrings), named for
 * assistive technology by what kind of event it is. */
export function EventIcon({ code }: { code: string }) {
  const { i18n } = useLingui();
  const kind = eventIconKind(code);
  return (
    <span className={css.eventIcon[kind]} role="img" aria-label={i18n._(NAMES[kind])} data-icon={kind}>
      <Icon size={18}>
        {kind === 'other' ? <circle cx="12" cy="12" r="9" /> : null}
        <path d={PATHS[kind]} />
      </Icon>
    </span>
  );
}
