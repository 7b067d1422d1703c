import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/notify';
import { Steps } from '@/components/ui/steps';
import { ApiError } from '@/lib/api-client';
import { browserTimeZone, temporal } from '@/lib/temporal';
import { type ClassroomContent, classroomContentQueryOptions } from '../api/classroom';
import { useCreateStream } from '../api/create-stream';
import type { Stream } from '../api/stream';
import { useStreamSaved, useUpdateStream } from '../api/update-stream';
import {
  type ClassroomDraft,
  classroomDraft,
  classroomErrors,
  classroomListsChanged,
} from '../lib/classroom';
import { createPayload, patchPayload, type StreamForm } from '../lib/form';
import { hasStarted } from '../lib/status';
import {
  errorPaths,
  errorsOfStep,
  type FormErrors,
  firstStepWithError,
  recheckErrors,
  stepOf,
  validateStreamForm,
} from '../lib/validate';
import { ClassroomFields } from './classroom-fields';
import { DiscardGuard } from './discard-guard';
import { type Banners, EventStep } from './event-step';
import { GeoFields } from './fields/geo-fields';
import { KeysStep } from './keys-step';
import { saveBanners } from './save-banners';
import { saveClassroom } from './save-classroom';
import { SettingsStep } from './settings-step';
import * as css from './streaming.css';

/** SPEC §2.7 create wizard (Event, Settings, Geoblock, Keys), also used to edit a stream. */
export function StreamWizard({
  initial,
  stream: loaded,
  classroom: loadedClassroom,
}: {
  initial: StreamForm;
  stream?: Stream;
  /** The live's saved speakers and agenda (editing). */
  classroom?: ClassroomContent;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const T = temporal();
  const zone = browserTimeZone();
  const editing = loaded !== undefined;
  const [stream, setStream] = useState(loaded);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [step, setStep] = useState(0);
  const [banners, setBanners] = useState<Banners>({});
  // The classroom's speakers and agenda, as saved and as edited; their own field errors.
  const [savedClassroom] = useState<ClassroomDraft>(() => classroomDraft(loadedClassroom));
  const [classroom, setClassroomDraft] = useState<ClassroomDraft>(savedClassroom);
  const [classroomErrs, setClassroomErrs] = useState<ReturnType<typeof classroomErrors>>({});
  const setClassroom = (next: ClassroomDraft) => {
    setClassroomDraft(next);
    // Shown errors follow the edits; new ones wait for the next check.
    if (Object.keys(classroomErrs).length) setClassroomErrs(classroomErrors(next));
  };
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const create = useCreateStream();
  const update = useUpdateStream(loaded?.id ?? '');
  const streamSaved = useStreamSaved();
  const top = useRef<HTMLDivElement>(null);
  const locked = stream ? hasStarted(stream.status) : false;
  const ended = stream?.status === 'finished';
  const today = T.Now.plainDateISO(zone);

  // The form as the last change left it (two changes in one event each see the one before).
  const latest = useRef(form);
  latest.current = form;
  const latestClassroom = useRef(classroom);
  latestClassroom.current = classroom;
  // Saved: leaving for the panel discards nothing.
  const done = useRef(false);

  const set = (patch: Partial<StreamForm>) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setForm(next);
    const changed = (Object.keys(patch) as (keyof StreamForm)[]).flatMap(errorPaths);
    setErrors((e) => (Object.keys(e).length ? recheckErrors(e, allErrors(next), changed) : e));
  };
  const allErrors = (f: StreamForm = form) =>
    validateStreamForm(T, f, {
      today,
      display: (d) => d.toLocaleString(i18n.locale, { day: '2-digit', month: '2-digit', year: 'numeric' }),
      locked,
    });
  const go = (next: number) => {
    setStep(next);
    top.current?.scrollIntoView({ block: 'start' });
  };
  /** Moves forward only through steps that pass their checks. */
  const moveTo = (target: number) => {
    if (target <= step) return go(target);
    if (step === 0 && !checkClassroom()) return go(0);
    const all = allErrors();
    for (let s = step; s < target; s++) {
      const own = errorsOfStep(all, s);
      if (Object.keys(own).length) {
        setErrors((e) => ({ ...e, ...own }));
        return go(s);
      }
    }
    go(target);
  };

  const serverFailure = (e: unknown, fallback: string) => {
    if (e instanceof ApiError && e.status === 404) return setFailure(t`Transmissão não encontrada`);
    const field = e instanceof ApiError ? (e.data as { field?: unknown })?.field : undefined;
    if (e instanceof ApiError && e.status >= 400 && e.status < 500 && typeof field === 'string') {
      setErrors((prev) => ({ ...prev, [field]: e.message }));
      go(stepOf(field));
    }
    setFailure(
      e instanceof ApiError && e.status >= 400 && e.status < 500 ? `${fallback}: ${e.message}` : fallback,
    );
  };

  /** The classroom's lists pass their checks (else their errors are shown). */
  const checkClassroom = () => {
    const found = classroomErrors(classroom);
    setClassroomErrs(found);
    return Object.keys(found).length === 0;
  };

  const submit = async () => {
    const all = allErrors();
    if (Object.keys(all).length) {
      setErrors(all);
      checkClassroom();
      go(firstStepWithError(all));
      return;
    }
    if (!checkClassroom()) return go(0);
    // Offline nothing is sent (a request would wait, unseen, for the connection): the page says so.
    if (!navigator.onLine) {
      setFailure(
        editing
          ? t`Você está offline. As alterações podem ser salvas quando a conexão voltar.`
          : t`Você está offline. A transmissão pode ser criada quando a conexão voltar.`,
      );
      top.current?.scrollIntoView({ block: 'start' });
      return;
    }
    setFailure(undefined);
    setSaving(true);
    try {
      const saved = editing
        ? await update.mutateAsync(patchPayload(T, form, stream!, zone))
        : await create.mutateAsync(createPayload(T, form, zone));
      const files = await saveBanners(saved.id, banners);
      if (files.stream) streamSaved(files.stream);
      const room = await saveClassroom(saved.id, savedClassroom, classroom);
      if (room.content)
        queryClient.setQueryData(classroomContentQueryOptions(saved.id).queryKey, room.content);
      if (!room.lists)
        notify(
          'warning',
          t`A transmissão foi salva, mas não foi possível salvar os oradores e a agenda da sala de aula.`,
        );
      if (!files.ok || !room.avatars)
        notify(
          'warning',
          editing
            ? t`As alterações foram salvas, mas houve um erro no upload dos seus arquivos.`
            : t`A sua transmissão foi criada, mas houve um erro no upload dos seus arquivos.`,
        );
      else if (room.lists) notify('success', editing ? t`Transmissão atualizada` : t`Transmissão criada`);
      done.current = true;
      void navigate({ to: '/streaming/$liveId/panel', params: { liveId: saved.id } });
    } catch (e) {
      serverFailure(
        e,
        editing ? t`Não foi possível salvar as alterações` : t`Ocorreu um erro ao criar a transmissão`,
      );
      top.current?.scrollIntoView({ block: 'start' });
    } finally {
      setSaving(false);
    }
  };

  const stepErrors = (s: number) => Object.keys(errorsOfStep(errors, s)).length > 0;
  const labels = [t`Evento`, t`Configurações`, t`Bloqueio geográfico`, t`Chaves`];
  const last = step === labels.length - 1;
  const props = { form, set, errors, locked, ended };
  const dirty = () =>
    !done.current &&
    (JSON.stringify(latest.current) !== JSON.stringify(initial) ||
      Object.values(banners).some((b) => b?.file || b?.remove) ||
      classroomListsChanged(savedClassroom, latestClassroom.current) ||
      latestClassroom.current.speakers.some((s) => s.avatarDraft));

  return (
    <form
      className={layout.page}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // Enter in a field of an earlier step of a new stream moves on; it creates only at the end.
        if (!editing && !last) moveTo(step + 1);
        else void submit();
      }}
    >
      <div ref={top} className={layout.visuallyHidden} />
      <DiscardGuard dirty={dirty} />
      {failure ? <Alert>{failure}</Alert> : null}
      <Steps
        label={t`Etapas`}
        invalidLabel={t`com erro`}
        steps={labels.map((label, i) => ({ label, invalid: stepErrors(i) }))}
        step={step}
        onStepChange={moveTo}
      >
        <div className={layout.card}>
          <h2 className={layout.cardTitle}>{labels[step]}</h2>
          {step === 0 ? (
            <>
              <EventStep
                {...props}
                minDate={today.toString()}
                stream={stream}
                banners={banners}
                setBanner={(kind, draft) => setBanners((b) => ({ ...b, [kind]: draft }))}
              />
              <ClassroomFields
                stream={stream}
                images={banners}
                setImage={(kind, draft) => setBanners((b) => ({ ...b, [kind]: draft }))}
                draft={classroom}
                errors={classroomErrs}
                onChange={setClassroom}
              />
            </>
          ) : step === 1 ? (
            <SettingsStep
              {...props}
              background={{
                current: stream?.studio.background ?? null,
                draft: banners.studioBackground,
                onChange: (draft) => setBanners((b) => ({ ...b, studioBackground: draft })),
              }}
            />
          ) : step === 2 ? (
            <GeoFields {...props} />
          ) : (
            <KeysStep form={form} set={set} errors={errors} stream={stream} onStreamChanged={setStream} />
          )}
        </div>
      </Steps>
      <div className={css.wizardFooter}>
        <div className={layout.actions}>
          {step > 0 ? (
            <Button variant="secondary" className={css.grow} onClick={() => go(step - 1)}>
              <Trans>Voltar</Trans>
            </Button>
          ) : (
            <Link
              to={editing ? '/streaming/$liveId/panel' : '/streaming'}
              params={{ liveId: stream?.id ?? '' }}
              className={`${buttonClass('ghost')} ${css.grow}`}
            >
              <Trans>Cancelar</Trans>
            </Link>
          )}
        </div>
        <div className={layout.actions}>
          {!last ? (
            <Button
              variant={editing ? 'secondary' : 'primary'}
              className={css.grow}
              onClick={() => moveTo(step + 1)}
            >
              <Trans>Próximo</Trans>
            </Button>
          ) : null}
          {editing || last ? (
            <Button type="submit" className={css.grow} busy={saving}>
              {editing ? <Trans>Salvar alterações</Trans> : <Trans>Criar transmissão</Trans>}
            </Button>
          ) : null}
        </div>
      </div>
    </form>
  );
}
