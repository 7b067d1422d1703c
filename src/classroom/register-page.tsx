import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { CallError, registerAttendee } from './api';
import { saveAttendee, viewUrl } from './attendee';
import { Ended, NotFound } from './class-state';
import { formatDate, useClassroom } from './use-classroom';
import { emailError, MAX_NAME, nameError } from './validation';

/** /classroom/register?liveId=: the class's date and description, and the attendee's name and e-mail. */
export function RegisterPage({ liveId }: { liveId: string | null }) {
  const { t, i18n } = useLingui();
  const loaded = useClassroom(liveId);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  // The e-mail is registered for this class already: the code mailed to it lets this browser in
  // (docs/classroom.md "Registering an e-mail again"); null until the server asks for one.
  const [codeStep, setCodeStep] = useState<{ name: string; email: string } | null>(null);
  const [code, setCode] = useState('');
  const [codeNotice, setCodeNotice] = useState<'sent' | 'resent'>('sent');

  /** Sends the registration (with the mailed code in the code step) and enters the class once in. */
  const submit = async (attendee: { name: string; email: string; liveId: string }, withCode?: string) => {
    setBusy(true);
    let chatToken: string | undefined;
    try {
      const answer = await registerAttendee(
        withCode === undefined ? attendee : { ...attendee, code: withCode },
      );
      if ('codeSent' in answer) {
        setBusy(false);
        setCode('');
        setCodeNotice(codeStep ? 'resent' : 'sent');
        setErrors({});
        setCodeStep({ name: attendee.name, email: attendee.email });
        return;
      }
      chatToken = answer.chatToken;
    } catch (error) {
      // The server's own 4xx message (same rules); a network failure does not keep the viewer out
      // (they watch, and the chat asks them to register again). In the code step nothing lets them in
      // but the code: every refusal is shown.
      if (error instanceof CallError && (codeStep || (error.status < 500 && error.status !== 429))) {
        setBusy(false);
        return setErrors({ form: error.message });
      }
      if (codeStep) {
        setBusy(false);
        return setErrors({ form: t`Não foi possível enviar. Tente novamente` });
      }
    }
    saveAttendee(localStorage, chatToken ? { ...attendee, chatToken } : attendee);
    location.assign(viewUrl(attendee.liveId));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!liveId) return;
    const nameMessage = nameError(name);
    const emailMessage = emailError(email);
    setErrors({
      ...(nameMessage ? { name: i18n._(nameMessage) } : {}),
      ...(emailMessage ? { email: i18n._(emailMessage) } : {}),
    });
    if (nameMessage || emailMessage) return;
    await submit({ name: name.trim().replace(/ {2,}/g, ' '), email: email.trim(), liveId });
  };

  const onCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!liveId || !codeStep) return;
    if (!code.trim()) return setErrors({ code: t`Digite o código enviado para o seu e-mail` });
    await submit({ ...codeStep, liveId }, code.trim());
  };

  if (loaded.state === 'error')
    return <NotFound message={loaded.message || t`Sala de aula não encontrada`} />;
  const info = loaded.state === 'ready' ? loaded.info : null;
  // A finished class without a recording has nothing left to join.
  const closed = info?.finished === true && !info.recording;
  return (
    <main
      className="cls-register"
      style={
        info?.background_login ? { backgroundImage: `url("${encodeURI(info.background_login)}")` } : undefined
      }
    >
      <section className="cls-card" aria-labelledby="cls-title" aria-busy={!info}>
        {info?.schedule_image ? <img className="cls-cover" src={info.schedule_image} alt="" /> : null}
        <h1 id="cls-title">{info?.title ?? t`Inscrição na sala de aula`}</h1>
        {info ? (
          <>
            <p className="cls-date">{formatDate(info.schedule_date, i18n.locale)}</p>
            {info.description ? <p className="cls-description">{info.description}</p> : null}
            {info.finished ? <Ended info={info} /> : null}
          </>
        ) : null}
        {closed ? null : codeStep ? (
          <form onSubmit={onCode} noValidate aria-label={t`Código de confirmação`}>
            <p className="cls-muted" role="status">
              {codeNotice === 'sent' ? (
                <Trans>
                  Este e-mail já está inscrito nesta aula. Enviamos um código para {codeStep.email}: digite-o
                  para entrar neste navegador.
                </Trans>
              ) : (
                <Trans>Enviamos um novo código para {codeStep.email}.</Trans>
              )}
            </p>
            <Field
              id="cls-code"
              label={<Trans>Código</Trans>}
              error={errors.code}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={10}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <FormError message={errors.form} />
            <button type="submit" aria-busy={busy} disabled={busy}>
              <Trans>Confirmar código</Trans>
            </button>
            <div className="cls-code-actions">
              <button
                type="button"
                className="cls-link-button"
                disabled={busy}
                onClick={() => liveId && submit({ ...codeStep, liveId })}
              >
                <Trans>Enviar outro código</Trans>
              </button>
              <button
                type="button"
                className="cls-link-button"
                disabled={busy}
                onClick={() => {
                  setCodeStep(null);
                  setErrors({});
                }}
              >
                <Trans>Usar outro e-mail</Trans>
              </button>
            </div>
          </form>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label={t`Inscrição`}>
            <Field
              id="cls-name"
              label={<Trans>Nome</Trans>}
              error={errors.name}
              name="name"
              autoComplete="name"
              maxLength={MAX_NAME}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <Field
              id="cls-email"
              label={<Trans>E-mail</Trans>}
              error={errors.email}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <FormError message={errors.form} />
            <button type="submit" disabled={!info} aria-busy={busy}>
              <Trans>Entrar na sala</Trans>
            </button>
          </form>
        )}
      </section>
    </main>
  );
}

/** A labelled input and its error message, tied together for screen readers (`aria-describedby`). */
function Field({
  id,
  label,
  error,
  ...input
}: { id: string; label: ReactNode; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="cls-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The server's refusal of the whole form, announced as it appears. */
function FormError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="cls-error">
      {message}
    </p>
  ) : null;
}
