import { Trans, useLingui } from '@lingui/react/macro';
import { clearAttendee, readAttendee, registerUrl } from './attendee';
import { Speakers } from './speakers';
import { formatDate, useClassroom } from './use-classroom';

/** The class's player; the registration's token lets support staff find this attendee's views. */
function embedUrl(liveId: string): string {
  const token = readAttendee(localStorage)?.chatToken;
  const base = `/embed/${encodeURIComponent(liveId)}`;
  return token ? `${base}?attendee=${encodeURIComponent(token)}` : base;
}

/** /classroom?liveId=: the player and the chat side by side, the speakers, the class's date and text. */
export function ViewPage({ liveId }: { liveId: string }) {
  const { t, i18n } = useLingui();
  const loaded = useClassroom(liveId);
  const info = loaded.state === 'ready' ? loaded.info : null;
  const logout = () => {
    clearAttendee(localStorage);
    location.assign(registerUrl(liveId));
  };
  return (
    <div
      className="cls-view"
      style={info?.background ? { backgroundImage: `url("${encodeURI(info.background)}")` } : undefined}
    >
      <header className="cls-header">
        <span className="cls-brand">Palco</span>
        <nav aria-label={t`Seções`} className="cls-tabs">
          <a href="#inicio">
            <Trans>INÍCIO</Trans>
          </a>
          <a href="#oradores">
            <Trans>ORADORES</Trans>
          </a>
          <a href="#agenda">
            <Trans>AGENDA</Trans>
          </a>
        </nav>
        <button type="button" className="cls-logout" onClick={logout} aria-label={t`Sair`} title={t`Sair`}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              fill="currentColor"
              d="M10 3h-5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h5v-2H5V5h5V3zm6.6 4.4-1.4 1.4 2.2 2.2H9v2h8.4l-2.2 2.2 1.4 1.4L21.2 12l-4.6-4.6z"
            />
          </svg>
        </button>
      </header>
      <main>
        <section id="inicio" className="cls-stage" aria-label={t`Transmissão`}>
          <div className="cls-player">
            <iframe
              src={embedUrl(liveId)}
              title={t`Player`}
              allow="autoplay; fullscreen; encrypted-media; picture-in-picture"
              allowFullScreen
            />
          </div>
          <div className="cls-chat">
            <iframe src={`/classroom/chat?liveId=${encodeURIComponent(liveId)}`} title={t`Chat`} />
          </div>
        </section>
        {loaded.state === 'error' ? (
          <p role="alert" className="cls-error">
            {loaded.message}
          </p>
        ) : null}
        <section className="cls-about" aria-labelledby="cls-title">
          <h1 id="cls-title">{info?.title ?? ''}</h1>
        </section>
        <section id="oradores" className="cls-section" aria-labelledby="cls-speakers-title">
          <h2 id="cls-speakers-title">
            <Trans>Oradores</Trans>
          </h2>
          <Speakers speakers={info?.speakers ?? []} />
        </section>
        <section id="agenda" className="cls-section" aria-labelledby="cls-agenda-title">
          <h2 id="cls-agenda-title">
            <Trans>Agenda</Trans>
          </h2>
          {info ? <p className="cls-date">{formatDate(info.schedule_date, i18n.locale)}</p> : null}
          {info?.description ? <p className="cls-description">{info.description}</p> : null}
        </section>
      </main>
    </div>
  );
}
