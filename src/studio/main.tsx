import './studio.css';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createRoot } from 'react-dom/client';
import { consoleSession } from './api';
import { GuestPage } from './guest-page';
import { activate, pickLocale } from './i18n';
import { PresenterPage } from './presenter-page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /studio/{liveId} (the presenter, signed in to the console) or /studio/{liveId}/guest?t= (a guest). */
function Page() {
  const [, , liveId = '', guest] = location.pathname.replace(/\/+$/, '').split('/');
  if (!UUID.test(liveId))
    return (
      <p className="std-message">
        <Trans>Transmissão não encontrada</Trans>
      </p>
    );
  if (guest === 'guest')
    return <GuestPage liveId={liveId} token={new URLSearchParams(location.search).get('t') ?? ''} />;
  const session = consoleSession(localStorage);
  if (!session)
    return (
      <p className="std-message">
        <Trans>
          Entre no console para abrir o estúdio:{' '}
          <a href={`/auth/login?redirectTo=${encodeURIComponent(location.pathname)}`}>Entrar</a>
        </Trans>
      </p>
    );
  return <PresenterPage liveId={liveId} session={session} />;
}

async function start() {
  await activate(pickLocale(localStorage.getItem('palco-locale'), navigator.languages));
  const root = document.getElementById('studio');
  if (!root) return;
  // No StrictMode: its double effects would open the camera and the WebRTC sessions twice.
  createRoot(root).render(
    <I18nProvider i18n={i18n}>
      <Page />
    </I18nProvider>,
  );
}

void start();
