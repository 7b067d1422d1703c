import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type Guest, request, type StudioError, type StudioLook } from './api';
import { useLocalMedia } from './use-devices';
import { end, publish, type Session } from './webrtc';

const POLL_MS = 2000;
/** After a failed publish, before the next. */
const RETRY_MS = 2000;

interface GuestSession {
  id: string;
  secret: string;
}

/** The guest's session for this live, kept for a reload of the tab (not across tabs). */
const storageKey = (liveId: string) => `palco-studio-guest:${liveId}`;
function savedGuest(liveId: string): GuestSession | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(liveId)) ?? 'null') as GuestSession | null;
    return saved && typeof saved.id === 'string' && typeof saved.secret === 'string' ? saved : null;
  } catch {
    return null;
  }
}

/** /studio/{liveId}/guest?t=: the guest link's page — registration, waiting room, then the stage. */
export function GuestPage({ liveId, token }: { liveId: string; token: string }) {
  const { t } = useLingui();
  const [look, setLook] = useState<StudioLook | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [guest, setGuest] = useState<GuestSession | null>(() => savedGuest(liveId));

  useEffect(() => {
    request<StudioLook>(
      `/v1/studio/lives/${encodeURIComponent(liveId)}/guest-link?t=${encodeURIComponent(token)}`,
    )
      .then(({ data }) => setLook(data))
      .catch((e: StudioError) =>
        setFailure(e.message || t`Link de convidado inválido, expirado ou revogado`),
      );
  }, [liveId, token, t]);

  if (failure) return <p className="std-message">{failure}</p>;
  if (!look) return <p className="std-message">…</p>;
  const style = { '--std-color': look.waitingRoomColor } as React.CSSProperties;
  return (
    <div className="std-page std-waiting" style={style}>
      <header className="std-header">
        <h1>{look.title}</h1>
      </header>
      {guest ? (
        <Room liveId={liveId} guest={guest} onGone={() => setGuest(null)} />
      ) : (
        <Register
          liveId={liveId}
          token={token}
          onJoined={(g) => {
            sessionStorage.setItem(storageKey(liveId), JSON.stringify(g));
            setGuest(g);
          }}
        />
      )}
    </div>
  );
}

function Register({
  liveId,
  token,
  onJoined,
}: {
  liveId: string;
  token: string;
  onJoined: (guest: GuestSession) => void;
}) {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      // SPEC §7's participant registration, with the guest link's token (docs/studio.md).
      const { data } = await request<{ guest: GuestSession }>('/v1/studio/lives/participantes', {
        method: 'POST',
        body: { name: form.get('name'), email: form.get('email'), liveId, clientId: null, guestToken: token },
      });
      onJoined(data.guest);
    } catch (e) {
      setError((e as StudioError).message || t`Não foi possível entrar. Tente novamente`);
      setBusy(false);
    }
  }
  return (
    <form className="std-form" onSubmit={(e) => void submit(e)}>
      <h2>
        <Trans>Você foi convidado para o estúdio</Trans>
      </h2>
      <label>
        <Trans>Nome</Trans>
        <input name="name" required maxLength={50} autoComplete="name" />
      </label>
      <label>
        <Trans>E-mail</Trans>
        <input name="email" type="email" required maxLength={254} autoComplete="email" />
      </label>
      {error ? (
        <p className="std-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="std-primary" disabled={busy}>
        <Trans>Entrar na sala de espera</Trans>
      </button>
    </form>
  );
}

/** The waiting room, then the stage once admitted: camera and microphone go to the presenter. */
function Room({ liveId, guest, onGone }: { liveId: string; guest: GuestSession; onGone: () => void }) {
  const { t } = useLingui();
  const [status, setStatus] = useState<Guest['status']>('waiting');
  /** Whether the guest left by themself; otherwise 'removed' means the presenter sent them away. */
  const [left, setLeft] = useState(false);
  const media = useLocalMedia();
  const preview = useRef<HTMLVideoElement>(null);
  const whip = useRef<Session | null>(null);
  /** Bumped to publish again (docs/studio.md "Lost guests"). */
  const [attempt, setAttempt] = useState(0);
  /** Polls in a row where the server had no publish of ours while we thought we had one. */
  const missing = useRef(0);

  useEffect(() => {
    if (preview.current) preview.current.srcObject = media.stream;
  }, [media.stream]);

  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const poll = () =>
      request<{ guest: Guest }>(`/v1/studio/guests/${guest.id}`, { bearer: guest.secret })
        .then(({ data }) => {
          if (stop) return;
          setStatus(data.guest.status);
          // The server lost our publish (it closed it, or our connection failed): publish again.
          const ours = whip.current;
          if (data.guest.status === 'admitted' && data.guest.publishing === false && ours)
            missing.current += 1;
          else missing.current = 0;
          if (missing.current >= 2) {
            missing.current = 0;
            setAttempt((n) => n + 1);
          }
          // Sent away (removed, or every guest link revoked): nothing more to ask.
          if (data.guest.status === 'removed') clearInterval(timer);
        })
        .catch((e: StudioError) => {
          if (!stop && e.status === 401) onGone();
        });
    timer = setInterval(poll, POLL_MS);
    void poll();
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [guest, onGone]);

  // On the stage: publish camera and microphone (again after a device change); stop when removed.
  // A publish that fails, or whose connection fails, is made again a moment later (`attempt`).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` is what publishes again.
  useEffect(() => {
    if (status !== 'admitted' || !media.stream) return;
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      if (!cancelled) retry ??= setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
    };
    publish(`/v1/studio/guests/${guest.id}/whip`, guest.secret, media.stream)
      .then((session) => {
        if (cancelled) return void end(session, guest.secret);
        whip.current = session;
        session.pc.addEventListener('connectionstatechange', () => {
          if (['failed', 'closed'].includes(session.pc.connectionState)) again();
        });
      })
      .catch(again);
    return () => {
      cancelled = true;
      clearTimeout(retry);
      void end(whip.current, guest.secret);
      whip.current = null;
    };
  }, [status, media.stream, guest, attempt]);

  async function leave() {
    await end(whip.current, guest.secret);
    whip.current = null;
    await request(`/v1/studio/guests/${guest.id}`, { method: 'DELETE', bearer: guest.secret }).catch(
      () => undefined,
    );
    setLeft(true);
    setStatus('removed');
  }

  if (status === 'removed')
    return (
      <p className="std-message" role="status" data-testid="guest-status">
        {left ? (
          <Trans>Você saiu do estúdio.</Trans>
        ) : (
          <Trans>O apresentador encerrou a sua participação no estúdio.</Trans>
        )}
      </p>
    );
  return (
    <main className="std-room">
      {status === 'waiting' ? (
        <p className="std-wait" role="status" data-testid="guest-status">
          <Trans>Aguarde: o apresentador vai admitir você no palco.</Trans>
        </p>
      ) : (
        <>
          <p className="std-wait" role="status" data-testid="guest-status">
            <Trans>Você está no palco.</Trans>
          </p>
          <iframe
            className="std-player"
            title={t`Palco`}
            src={`/embed/${encodeURIComponent(liveId)}`}
            allow="autoplay; fullscreen"
          />
        </>
      )}
      <video ref={preview} className="std-preview" muted playsInline autoPlay aria-label={t`Sua câmera`} />
      {media.failed ? (
        <p className="std-error" role="alert">
          <Trans>Não foi possível abrir a câmera e o microfone: permita o acesso no navegador.</Trans>
        </p>
      ) : null}
      <button type="button" onClick={() => void leave()}>
        <Trans>Sair do estúdio</Trans>
      </button>
    </main>
  );
}
