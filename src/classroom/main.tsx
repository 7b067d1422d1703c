import './classroom.css';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { liveIdOf, readAttendee, registerUrl } from './attendee';
import { ChatPage } from './chat-page';
import { activate, pickLocale } from './i18n';
import { RegisterPage } from './register-page';
import { ViewPage } from './view-page';

/** The page for a path: /classroom/register, /classroom/chat, or the viewing page /classroom. */
function pageFor(path: string, liveId: string | null) {
  if (path.startsWith('/classroom/register')) return <RegisterPage liveId={liveId} />;
  if (path.startsWith('/classroom/chat')) return <ChatPage liveId={liveId} />;
  return liveId ? <ViewPage liveId={liveId} /> : null;
}

async function start() {
  const path = location.pathname.replace(/\/+$/, '') || '/classroom';
  const liveId = liveIdOf(location.search);
  // Without an attendee registered for this class (or a class to watch) the viewing page is the
  // registration (a registration is per class: its chat token speaks in that class only).
  if (path === '/classroom' && (!liveId || readAttendee(localStorage)?.liveId !== liveId)) {
    location.replace(registerUrl(liveId));
    return;
  }
  await activate(pickLocale(localStorage.getItem('palco-locale'), navigator.languages));
  const root = document.getElementById('classroom');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>{pageFor(path, liveId)}</I18nProvider>
    </StrictMode>,
  );
}

void start();
