import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { type ConsoleSession, type Guest, request, type StudioError, teamPath } from './api';
import type { Compositor } from './compositor';
import { end, receive, type Session } from './webrtc';

/** How often the presenter's page reads the waiting room (short polling: any instance answers it). */
const POLL_MS = 2000;

/** The waiting room and the stage's guests: admit, remove; an admitted guest's media joins the composition. */
export function GuestsPanel({
  liveId,
  session,
  compositor,
}: {
  liveId: string;
  session: ConsoleSession;
  compositor: Compositor | null;
}) {
  const { t } = useLingui();
  const [guests, setGuests] = useState<Guest[]>([]);
  const [error, setError] = useState<string | null>(null);
  const receivers = useRef(new Map<string, Session | 'connecting'>());
  const base = `/v1/live-streams/${encodeURIComponent(liveId)}/studio/guests`;

  useEffect(() => {
    let stop = false;
    const sessions = receivers.current;
    async function poll() {
      try {
        const { data } = await request<{ items: Guest[] }>(teamPath(session, base), {
          bearer: session.token,
        });
        if (stop) return;
        setGuests(data.items);
        // A guest's media is asked for only while the server has it (`publishing`): a guest whose
        // camera is gone (reconnecting, or its browser closed) is not asked for every poll, and its
        // tile goes until it publishes again (docs/studio.md "Lost guests").
        const onStage = new Set(
          data.items.filter((g) => g.status === 'admitted' && g.publishing !== false).map((g) => g.id),
        );
        for (const [id, receiver] of sessions)
          if (!onStage.has(id)) {
            sessions.delete(id);
            compositor?.remove(`guest:${id}`);
            if (receiver !== 'connecting')
              void end(receiver, session.token, `?accountId=${session.accountId ?? ''}`);
          }
        for (const guest of data.items)
          if (onStage.has(guest.id) && !sessions.has(guest.id)) void connect(guest);
      } catch {
        // The next poll tries again.
      }
    }
    async function connect(guest: Guest) {
      sessions.set(guest.id, 'connecting');
      try {
        const receiver = await receive(
          teamPath(session, `${base}/${guest.id}/whep`),
          session.token,
          (media) => compositor?.set(`guest:${guest.id}`, media, guest.name),
        );
        if (stop || sessions.get(guest.id) !== 'connecting') return void end(receiver, session.token);
        sessions.set(guest.id, receiver);
        receiver.pc.addEventListener('connectionstatechange', () => {
          if (
            ['failed', 'closed'].includes(receiver.pc.connectionState) &&
            sessions.get(guest.id) === receiver
          ) {
            sessions.delete(guest.id);
            compositor?.remove(`guest:${guest.id}`);
          }
        });
      } catch {
        // Not publishing yet (409): the next poll connects.
        sessions.delete(guest.id);
      }
    }
    void poll();
    const timer = setInterval(poll, POLL_MS);
    return () => {
      stop = true;
      clearInterval(timer);
      for (const receiver of sessions.values())
        if (receiver !== 'connecting') void end(receiver, session.token);
      sessions.clear();
    };
  }, [base, session, compositor]);

  async function act(guest: Guest, action: 'admit' | 'remove') {
    setError(null);
    try {
      const { data } = await request<Guest>(teamPath(session, `${base}/${guest.id}/${action}`), {
        method: 'PUT',
        bearer: session.token,
      });
      setGuests((list) =>
        list.flatMap((g) => (g.id !== guest.id ? [g] : data.status === 'removed' ? [] : [data])),
      );
    } catch (e) {
      setError((e as StudioError).message || t`Não foi possível. Tente novamente`);
    }
  }

  const waiting = guests.filter((g) => g.status === 'waiting');
  const onStage = guests.filter((g) => g.status === 'admitted');
  return (
    <>
      <h2>
        <Trans>Sala de espera</Trans>
      </h2>
      {waiting.length === 0 ? (
        <p className="std-muted">
          <Trans>Ninguém esperando.</Trans>
        </p>
      ) : (
        <ul className="std-guests" aria-label={t`Convidados esperando`}>
          {waiting.map((g) => (
            <li key={g.id}>
              <span>{g.name}</span>
              <button type="button" className="std-primary" onClick={() => void act(g, 'admit')}>
                <Trans>Admitir {g.name}</Trans>
              </button>
              <button type="button" onClick={() => void act(g, 'remove')}>
                <Trans>Recusar {g.name}</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
      <h2>
        <Trans>No palco</Trans>
      </h2>
      {onStage.length === 0 ? (
        <p className="std-muted">
          <Trans>Nenhum convidado no palco.</Trans>
        </p>
      ) : (
        <ul className="std-guests" aria-label={t`Convidados no palco`}>
          {onStage.map((g) => (
            <li key={g.id}>
              <span>{g.name}</span>
              <button type="button" onClick={() => void act(g, 'remove')}>
                <Trans>Remover {g.name}</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p className="std-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
