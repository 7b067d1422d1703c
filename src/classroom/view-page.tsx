import { Trans, useLingui } from '@lingui/react/macro';
import type { ClassroomInfo } from './api';
import { clearAttendee, readAttendee, registerUrl } from './attendee';
import { Ended, NotFound } from './class-state';
import { Speakers } from './speakers';
import { formatDate, useClassroom } from './use-classroom';

/** The class's player; the registration's token lets support staff find this attendee's views. */
function embedUrl(liveId: string): string {
  const token = readAttendee(localStorage)?.chatToken;
  const base = `/embed/${encodeURIComponent(liveId)}`;
  return token ? `${base}?attendee=${encodeURIComponent(token)}` : base;
}

/** The event's schedule, in the order the team wrote it; its date above. */
function Agenda({ info }: { info: ClassroomInfo }) {
  const { i18n } = useLingui();
  return (
    <>
      <p className="cls-date">{formatDate(info.schedule_date, i18n.locale)}</p>
      {info.agenda.length ? (
        <ol className="cls-agenda">
          {info.agenda.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed while shown.
            <li key={i}>
              <time>{item.time}</time>
              <span>{item.title}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="cls-muted">
          <Trans>A programação ainda não foi publicada.</Trans>
        </p>
      )}
    </>
  );
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
  if (loaded.state === 'error')
    return <NotFound message={loaded.message || t`Sala de aula não encontrada`} />;
  return (
    <div
      className="cls-view"
      style={info?.background ? { backgroundImage: `url("${encodeURI(info.background)}")` } : undefined}
    >
      <header className="cls-header">
        {info?.schedule_image ? (
          <img className="cls-brand-cover" src={info.schedule_image} alt="" />
        ) : (
          <span className="cls-brand">Palco</span>
        )}
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
        {info?.finished ? <Ended info={info} /> : null}
        <section id="inicio" className="cls-stage" aria-label={t`Transmissão`}>
          <div className="cls-player">
            {/* A finished live's player plays its recording when there is one (docs/playback.md). */}
            {/* Keyed by the recording: the player loads again when it becomes ready, to play it. */}
            <iframe
              key={info?.recording?.videoId ?? 'live'}
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
        <section className="cls-about" aria-labelledby="cls-title">
          <h1 id="cls-title">{info?.title ?? ''}</h1>
          {info ? <p className="cls-date">{formatDate(info.schedule_date, i18n.locale)}</p> : null}
          {info?.description ? <p className="cls-description">{info.description}</p> : null}
        </section>
        <section id="oradores" className="cls-section" aria-labelledby="cls-speakers-title">
          <h2 id="cls-speakers-title">
            <Trans>Oradores</Trans>
          </h2>
          {info ? <Speakers speakers={info.speakers} /> : null}
        </section>
        <section id="agenda" className="cls-section" aria-labelledby="cls-agenda-title">
          <h2 id="cls-agenda-title">
            <Trans>Agenda</Trans>
          </h2>
          {info ? <Agenda info={info} /> : null}
        </section>
      </main>
    </div>
  );
}
