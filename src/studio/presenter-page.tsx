import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { type ConsoleSession, request, type StudioError, type StudioStream, teamPath } from './api';
import { Compositor } from './compositor';
import { DevicePickers } from './device-pickers';
import { GuestsPanel } from './guests-panel';
import { useLocalMedia } from './use-devices';
import { end, publish, type Session } from './webrtc';

type Phase = 'ready' | 'starting' | 'live' | 'confirm-end' | 'ending' | 'ended';

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

  async function finish() {
    setPhase('ending');
    try {
      const { data } = await request<StudioStream>(teamPath(session, `${path}/control/complete`), {
        method: 'PUT',
        bearer: session.token,
      });
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
          <iframe
            className="std-chat"
            title={t`Chat`}
            src={`/classroom/chat?liveId=${encodeURIComponent(liveId)}`}
          />
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
