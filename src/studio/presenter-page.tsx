import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { type ConsoleSession, request, type StudioError, type StudioStream, teamPath } from './api';
import { Compositor } from './compositor';
import { DevicePickers } from './device-pickers';
import { GuestsPanel } from './guests-panel';
import { useLocalMedia } from './use-devices';
import { end, publish, type Session } from './webrtc';

type Phase = 'ready' | 'starting' | 'live' | 'confirm-end' | 'ending' | 'ended';
/** The publish while on air: flowing, lost (a new one is being made), or made again and not yet seen
 * by the server (docs/studio.md "A dropped publish"). */
type Link = 'ok' | 'lost' | 'back';

/** How often the studio checks its publish while on air. */
const WATCH_MS = 2_000;
/** A new publish the server has not seen within this long is taken as lost too. */
const FIRST_SIGNAL_MS = 30_000;

/** /studio/{liveId}: the presenter's studio (docs/studio.md "Studio page and guests"). */
export function PresenterPage({ liveId, session }: { liveId: string; session: ConsoleSession }) {
  const { t } = useLingui();
  const [stream, setStream] = useState<StudioStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('ready');
  const [panel, setPanel] = useState<'settings' | 'more' | null>(null);
  const [sharing, setSharing] = useState<MediaStream | null>(null);
  const [cameraOn, setCameraOn] = useState(true);
  const [micOn, setMicOn] = useState(true);
  const media = useLocalMedia();
  const compositor = useRef<Compositor | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const whip = useRef<Session | null>(null);
  const [link, setLink] = useState<Link>('ok');
  const path = `/v1/live-streams/${encodeURIComponent(liveId)}`;

  compositor.current ??= new Compositor('#14121f');
  useEffect(() => {
    const canvas = compositor.current!.canvas;
    canvas.className = 'std-canvas';
    canvas.setAttribute('aria-label', t`Prévia do que os espectadores veem`);
    stage.current?.appendChild(canvas);
    return () => canvas.remove();
  }, [t]);
  useEffect(
    () => () => {
      compositor.current?.stop();
      void end(whip.current, '');
    },
    [],
  );

  // The stream: its look, its signal key, its status (re-read while the studio is open).
  useEffect(() => {
    let stop = false;
    const load = () =>
      request<StudioStream>(teamPath(session, path), { bearer: session.token })
        .then(({ data }) => {
          if (stop) return;
          setStream(data);
          compositor.current!.setBackground(data.studio.studioColor, data.studio.background);
        })
        .catch((e: StudioError) => !stop && setError(e.message || t`Transmissão não encontrada`));
    void load();
    const timer = setInterval(load, 10_000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [session, path, t]);

  useEffect(() => {
    if (media.stream) compositor.current!.set('presenter', media.stream, session.name || t`Apresentador`);
  }, [media.stream, session.name, t]);
  useEffect(() => {
    for (const track of media.stream?.getVideoTracks() ?? []) track.enabled = cameraOn;
    for (const track of media.stream?.getAudioTracks() ?? []) track.enabled = micOn;
  }, [media.stream, cameraOn, micOn]);

  // The watchdog (docs/studio.md "A dropped publish"): while on air, the browser's view of the peer
  // (ICE) and the server's (whether the signal receives a picture) are checked every WATCH_MS. A publish
  // either side has lost is told to the host at once and made again (the old one DELETEd first, so the
  // signal is free for the new one) until the server receives it again.
  const onAirNow = phase === 'live' || phase === 'confirm-end';
  const key = stream?.signals[0]?.key ?? '';
  useEffect(() => {
    if (!onAirNow || !key) return;
    let stop = false;
    let since = Date.now();
    let seen = false;
    let busy = false;
    let down = false;
    const signalStatus = () =>
      request<{ signals: { publishing: boolean }[] }>(teamPath(session, `${path}/signals/status`), {
        bearer: session.token,
      }).then(({ data }) => data.signals[0]?.publishing ?? false);
    const reconnect = async () => {
      setLink('lost');
      await end(whip.current, key);
      whip.current = null;
      while (!stop) {
        try {
          const made = await publish('/whip', key, compositor.current!.output, true);
          if (stop) {
            await end(made, key);
            return;
          }
          whip.current = made;
          made.pc.addEventListener('connectionstatechange', () => void check());
          since = Date.now();
          seen = false;
          setLink('back');
          return;
        } catch (e) {
          // The live was ended meanwhile (here, another tab, an automatic cut): nothing to publish to.
          if ((e as StudioError).status === 403) {
            setPhase('ended');
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
        }
      }
    };
    const check = async () => {
      if (stop || busy) return;
      busy = true;
      try {
        const pc = whip.current?.pc;
        const state = pc?.connectionState;
        // 'disconnected' may pass by itself: lost when it is still so at the next check.
        const wasDown = down;
        down = state === 'disconnected';
        let lost = !pc || state === 'failed' || state === 'closed' || (down && wasDown);
        if (!lost) {
          const publishing = await signalStatus().catch(() => null);
          if (publishing === true) {
            seen = true;
            setLink('ok');
          }
          lost = publishing === false && (seen || Date.now() - since > FIRST_SIGNAL_MS);
        }
        if (lost && !stop) await reconnect();
      } finally {
        busy = false;
      }
    };
    whip.current?.pc.addEventListener('connectionstatechange', () => void check());
    const timer = setInterval(() => void check(), WATCH_MS);
    return () => {
      stop = true;
      clearInterval(timer);
      setLink('ok');
    };
  }, [onAirNow, key, session, path]);

  async function share() {
    if (sharing) {
      for (const track of sharing.getTracks()) track.stop();
      compositor.current!.remove('screen');
      setSharing(null);
      return;
    }
    try {
      const screen = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      compositor.current!.set('screen', screen, t`Tela`);
      screen.getVideoTracks()[0]?.addEventListener('ended', () => {
        compositor.current?.remove('screen');
        setSharing(null);
      });
      setSharing(screen);
    } catch {
      // The user cancelled the browser's picker.
    }
  }

  async function start() {
    if (!stream) return;
    const key = stream.signals[0]?.key;
    if (!key) {
      setError(t`Sua função não permite ver a chave do sinal: peça a permissão broadcast para transmitir.`);
      return;
    }
    setError(null);
    setPhase('starting');
    try {
      await compositor.current!.resume();
      whip.current = await publish('/whip', key, compositor.current!.output, true);
      if (stream.status === 'scheduled' || stream.status === 'paused') {
        const action = stream.status === 'scheduled' ? 'start' : 'resume';
        const { data } = await request<StudioStream>(teamPath(session, `${path}/control/${action}`), {
          method: 'PUT',
          bearer: session.token,
        });
        setStream(data);
      }
      setPhase('live');
    } catch (e) {
      await end(whip.current, key);
      whip.current = null;
      setError((e as StudioError).message || t`Não foi possível iniciar a transmissão. Tente novamente`);
      setPhase('ready');
    }
  }

  /** 'Encerrar': ends the live whatever became of the publish (it may be gone already: the DELETE's
   * answer is not waited on for that); a live already ended elsewhere counts as ended. */
  async function finish() {
    setPhase('ending');
    try {
      let data: StudioStream;
      try {
        ({ data } = await request<StudioStream>(teamPath(session, `${path}/control/complete`), {
          method: 'PUT',
          bearer: session.token,
        }));
      } catch (e) {
        if ((e as StudioError).status !== 409) throw e;
        ({ data } = await request<StudioStream>(teamPath(session, path), { bearer: session.token }));
        if (data.status !== 'finished') throw e;
      }
      setStream(data);
      await end(whip.current, stream?.signals[0]?.key ?? '');
      whip.current = null;
      setPhase('ended');
    } catch (e) {
      setError((e as StudioError).message || t`Não foi possível encerrar. Tente novamente`);
      setPhase('live');
    }
  }

  if (error && !stream) return <p className="std-message">{error}</p>;
  const studio = stream?.studio;
  const style = studio ? ({ '--std-color': studio.studioColor } as React.CSSProperties) : undefined;
  const onAir = phase === 'live' || phase === 'confirm-end' || phase === 'ending';
  return (
    <div className="std-page" style={style}>
      <header className="std-header">
        <h1>{stream?.nome ?? '…'}</h1>
        <span className={onAir ? 'std-badge std-live' : 'std-badge'} data-testid="studio-phase">
          {phase === 'ended' ? t`Encerrada` : onAir ? t`Ao vivo` : t`Fora do ar`}
        </span>
      </header>
      <main className={studio?.chat ? 'std-main std-with-chat' : 'std-main'}>
        <section className="std-stage" ref={stage} aria-label={t`Palco`} />
        {studio?.chat ? (
          <div className="std-chat">
            <iframe
              className="std-chat-frame"
              title={t`Chat`}
              src={`/classroom/chat?liveId=${encodeURIComponent(liveId)}`}
            />
            <HostChat path={path} session={session} />
          </div>
        ) : null}
        <aside className="std-side">
          <GuestsPanel liveId={liveId} session={session} compositor={compositor.current} />
        </aside>
      </main>
      {error ? (
        <p className="std-error" role="alert">
          {error}
        </p>
      ) : null}
      {onAir && link !== 'ok' ? (
        <p className="std-error" role="alert" data-testid="studio-link">
          {link === 'lost'
            ? t`A transmissão caiu: reconectando…`
            : t`Reconectado: aguardando o servidor receber a imagem…`}
        </p>
      ) : null}
      {media.failed ? (
        <p className="std-error" role="alert">
          <Trans>Não foi possível abrir a câmera e o microfone: permita o acesso no navegador.</Trans>
        </p>
      ) : null}
      <footer className="std-toolbar">
        <button type="button" aria-pressed={!cameraOn} onClick={() => setCameraOn((v) => !v)}>
          {cameraOn ? <Trans>Desligar câmera</Trans> : <Trans>Ligar câmera</Trans>}
        </button>
        <button type="button" aria-pressed={!micOn} onClick={() => setMicOn((v) => !v)}>
          {micOn ? <Trans>Silenciar microfone</Trans> : <Trans>Ativar microfone</Trans>}
        </button>
        <button type="button" aria-pressed={!!sharing} onClick={() => void share()}>
          {sharing ? <Trans>Parar compartilhamento</Trans> : <Trans>Compartilhar tela</Trans>}
        </button>
        {studio?.settingsButton ? (
          <button
            type="button"
            aria-expanded={panel === 'settings'}
            onClick={() => setPanel(panel === 'settings' ? null : 'settings')}
          >
            <Trans>Configurações</Trans>
          </button>
        ) : null}
        {studio?.moreOptionsButton ? (
          <button
            type="button"
            aria-expanded={panel === 'more'}
            onClick={() => setPanel(panel === 'more' ? null : 'more')}
          >
            <Trans>Mais opções</Trans>
          </button>
        ) : null}
        <span className="std-spacer" />
        {phase === 'ready' || phase === 'starting' ? (
          <button
            type="button"
            className="std-primary"
            disabled={!stream || phase === 'starting' || stream.status === 'finished'}
            onClick={() => void start()}
          >
            <Trans>Iniciar transmissão</Trans>
          </button>
        ) : null}
        {phase === 'live' ? (
          <button type="button" className="std-danger" onClick={() => setPhase('confirm-end')}>
            <Trans>Encerrar</Trans>
          </button>
        ) : null}
        {phase === 'confirm-end' || phase === 'ending' ? (
          <fieldset className="std-confirm" aria-label={t`Encerrar a transmissão?`}>
            <Trans>Encerrar a transmissão para todos?</Trans>
            <button
              type="button"
              className="std-danger"
              disabled={phase === 'ending'}
              onClick={() => void finish()}
            >
              <Trans>Confirmar</Trans>
            </button>
            <button type="button" disabled={phase === 'ending'} onClick={() => setPhase('live')}>
              <Trans>Cancelar</Trans>
            </button>
          </fieldset>
        ) : null}
      </footer>
      {panel === 'settings' ? <DevicePickers media={media} /> : null}
      {panel === 'more' ? <MoreOptions liveId={liveId} session={session} /> : null}
    </div>
  );
}

/** 'Mais opções': the guest link, for the presenter to send while in the studio. */
function MoreOptions({ liveId, session }: { liveId: string; session: ConsoleSession }) {
  const { t } = useLingui();
  const [notice, setNotice] = useState<string | null>(null);
  async function copy() {
    try {
      const { data } = await request<{ path: string }>(
        teamPath(session, `/v1/live-streams/${encodeURIComponent(liveId)}/studio/guest-link`),
        { method: 'POST', bearer: session.token },
      );
      await navigator.clipboard.writeText(`${location.origin}${data.path}`);
      setNotice(t`Link de convidado copiado`);
    } catch (e) {
      setNotice((e as StudioError).message || t`Não foi possível copiar o link de convidado`);
    }
  }
  return (
    <section className="std-panel" aria-label={t`Mais opções`}>
      <button type="button" onClick={() => void copy()}>
        <Trans>Copiar link de convidado</Trans>
      </button>
      {notice ? <p role="status">{notice}</p> : null}
    </section>
  );
}

/** The host writes in the class's chat as the host (docs/studio.md "The host in the chat"): the
 * message shows in the chat frame above, marked, as for every attendee. */
function HostChat({ path, session }: { path: string; session: ConsoleSession }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      await request(teamPath(session, `${path}/studio/chat`), {
        method: 'POST',
        bearer: session.token,
        body: { text },
      });
      setText('');
    } catch (e) {
      setError((e as StudioError).message || t`Não foi possível enviar. Tente novamente`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="std-chat-form"
      aria-label={t`Escrever no chat como apresentador`}
      onSubmit={(e) => void send(e)}
    >
      <input
        name="text"
        maxLength={500}
        value={text}
        placeholder={t`Escreva como apresentador`}
        aria-label={t`Mensagem do apresentador`}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" aria-busy={busy}>
        <Trans>Enviar</Trans>
      </button>
      {error ? (
        <p className="std-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
