import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CallError, type ChatMessage, readChat, sendChat } from './api';
import { readAttendee } from './attendee';

const MAX_TEXT = 500;
/** After a failed read, before the next (the server may be restarting). */
const RETRY_MS = 3_000;
/** Messages kept on screen. */
const KEEP = 200;

/** /classroom/chat?liveId=: the class's chat, framed by the viewing page. Texts are shown as text. */
export function ChatPage({ liveId }: { liveId: string | null }) {
  const { t } = useLingui();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const attendee = readAttendee(localStorage);

  useEffect(() => {
    if (!liveId) return;
    const stop = new AbortController();
    let after: string | null = null;
    const loop = async () => {
      while (!stop.signal.aborted) {
        try {
          const page = await readChat(liveId, after, stop.signal);
          after = page.last ?? '0';
          if (page.messages.length)
            setMessages((old) => {
              const seen = new Set(old.map((m) => m.id));
              return [...old, ...page.messages.filter((m) => !seen.has(m.id))].slice(-KEEP);
            });
        } catch {
          if (stop.signal.aborted) return;
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    };
    void loop();
    return () => stop.abort();
  }, [liveId]);

  // The newest message in view after each change of the list.
  const count = messages.length;
  useEffect(() => {
    if (count) list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [count]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!liveId || !attendee?.chatToken || !text.trim() || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const sent = await sendChat(liveId, { token: attendee.chatToken, text });
      setText('');
      setMessages((old) => (old.some((m) => m.id === sent.id) ? old : [...old, sent].slice(-KEEP)));
    } catch (e) {
      setError(
        e instanceof CallError && e.status < 500 ? e.message : t`Não foi possível enviar. Tente novamente`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="cls-chat-page">
      <h1 className="cls-visually-hidden">
        <Trans>Chat</Trans>
      </h1>
      <ol ref={list} className="cls-messages" aria-live="polite" aria-label={t`Mensagens`}>
        {messages.map((m) => (
          <li key={m.id} className={m.host ? 'cls-host' : undefined}>
            <strong>{m.author}</strong>{' '}
            {m.host ? (
              <em className="cls-host-mark">
                <Trans>(apresentador)</Trans>
              </em>
            ) : null}{' '}
            <span>{m.text}</span>
          </li>
        ))}
      </ol>
      {attendee?.chatToken && attendee.liveId === liveId ? (
        <form onSubmit={onSubmit} className="cls-chat-form" aria-label={t`Enviar mensagem`}>
          <label htmlFor="cls-chat-text" className="cls-visually-hidden">
            <Trans>Mensagem</Trans>
          </label>
          <input
            id="cls-chat-text"
            name="text"
            maxLength={MAX_TEXT}
            value={text}
            placeholder={t`Escreva uma mensagem`}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" aria-busy={busy}>
            <Trans>Enviar</Trans>
          </button>
          {error ? (
            <p role="alert" className="cls-error">
              {error}
            </p>
          ) : null}
        </form>
      ) : (
        <p className="cls-muted">
          <Trans>Inscreva-se na sala de aula para participar do chat.</Trans>
        </p>
      )}
    </main>
  );
}
