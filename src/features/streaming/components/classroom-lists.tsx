import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import * as layout from '@/components/ui/layout.css';
import {
  type AgendaRow,
  CLASSROOM_LIMITS,
  type ClassroomDraft,
  move,
  rowKey,
  type SpeakerRow,
} from '../lib/classroom';
import { checkImage, IMAGE_TYPES } from '../lib/images';
import * as css from './classroom-fields.css';
import { PlusIcon } from './icons';

type Errors = Record<string, MessageDescriptor>;

/** Up, down and remove for one row of a list (named by the row's own label for assistive technology). */
function RowButtons({
  label,
  index,
  count,
  onMove,
  onRemove,
}: {
  label: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className={css.rowButtons}>
      <button
        type="button"
        className={css.iconButton}
        aria-label={t`Mover para cima: ${label}`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <Icon>
          <path d="m6 15 6-6 6 6" />
        </Icon>
      </button>
      <button
        type="button"
        className={css.iconButton}
        aria-label={t`Mover para baixo: ${label}`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <Icon>
          <path d="m6 9 6 6 6-6" />
        </Icon>
      </button>
      <button type="button" className={css.iconButton} aria-label={t`Remover: ${label}`} onClick={onRemove}>
        <Icon>
          <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
        </Icon>
      </button>
    </div>
  );
}

/** A speaker's avatar: the saved one or the new pick (checked like a banner), and its removal. */
function AvatarInput({ speaker, onChange }: { speaker: SpeakerRow; onChange: (row: SpeakerRow) => void }) {
  const { t, i18n } = useLingui();
  const [error, setError] = useState<string>();
  const file = speaker.avatarDraft?.file;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? (speaker.avatarDraft?.remove ? undefined : (speaker.avatar ?? undefined));
  const who = speaker.name.trim() || t`novo orador`;
  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    const problem = await checkImage(picked);
    if (problem) return setError(i18n._(problem));
    setError(undefined);
    onChange({ ...speaker, avatarDraft: { file: picked } });
  };
  return (
    <div className={css.avatar}>
      {shown ? (
        <img src={shown} alt={t`Foto de ${who}`} className={css.avatarImage} />
      ) : (
        <span className={css.avatarImage} aria-hidden="true">
          {speaker.name.trim().charAt(0).toUpperCase() || '?'}
        </span>
      )}
      <label className={css.linkButton}>
        <input
          type="file"
          className={css.fileInput}
          accept={IMAGE_TYPES.join(',')}
          aria-label={t`Foto de ${who}`}
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {shown ? <Trans>Trocar foto</Trans> : <Trans>Escolher foto</Trans>}
      </label>
      {shown ? (
        <button
          type="button"
          className={css.linkButton}
          aria-label={t`Remover foto de ${who}`}
          onClick={() => {
            setError(undefined);
            onChange({ ...speaker, avatarDraft: speaker.avatar ? { remove: true } : undefined });
          }}
        >
          <Trans>Remover foto</Trans>
        </button>
      ) : null}
      {error ? (
        <p className={css.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ListSection({ title, hint, children }: { title: ReactNode; hint: ReactNode; children: ReactNode }) {
  return (
    <div className={layout.page}>
      <h3 className={layout.cardTitle}>{title}</h3>
      <p className={layout.muted}>{hint}</p>
      {children}
    </div>
  );
}

/** The classroom's speakers ('ORADORES'): name, role, photo, order; at most 12. */
export function SpeakersEditor({
  draft,
  errors,
  onChange,
}: {
  draft: ClassroomDraft;
  errors: Errors;
  onChange: (draft: ClassroomDraft) => void;
}) {
  const { t, i18n } = useLingui();
  const error = (field: string) => (errors[field] ? i18n._(errors[field]) : undefined);
  const speakers = draft.speakers;
  const set = (next: SpeakerRow[]) => onChange({ ...draft, speakers: next });
  const full = speakers.length >= CLASSROOM_LIMITS.speakers;
  return (
    <ListSection
      title={<Trans>Oradores</Trans>}
      hint={
        <Trans>
          Aparecem no carrossel da sala de aula, nesta ordem. Até{' '}
          <Plural value={CLASSROOM_LIMITS.speakers} _0="# oradores" one="# orador" other="# oradores" />.
          Fotos PNG, JPEG ou WebP de até 10MB.
        </Trans>
      }
    >
      {speakers.length ? (
        <ol className={css.list} aria-label={t`Oradores`}>
          {speakers.map((s, i) => {
            const label = s.name.trim() || t`Orador ${i + 1}`;
            const update = (row: SpeakerRow) => set(speakers.map((x) => (x.key === s.key ? row : x)));
            return (
              <li key={s.key} className={css.row}>
                <AvatarInput speaker={s} onChange={update} />
                <TextField
                  name={`speakers.${i}.name`}
                  label={<Trans>Nome do orador {i + 1}</Trans>}
                  value={s.name}
                  maxLength={CLASSROOM_LIMITS.speakerName}
                  required
                  error={error(`speakers.${i}.name`)}
                  onChange={(e) => update({ ...s, name: e.target.value })}
                />
                <TextField
                  name={`speakers.${i}.role`}
                  label={<Trans>Cargo ou tema (opcional)</Trans>}
                  value={s.role}
                  maxLength={CLASSROOM_LIMITS.speakerRole}
                  error={error(`speakers.${i}.role`)}
                  onChange={(e) => update({ ...s, role: e.target.value })}
                />
                <RowButtons
                  label={label}
                  index={i}
                  count={speakers.length}
                  onMove={(to) => set(move(speakers, i, to))}
                  onRemove={() => set(speakers.filter((x) => x.key !== s.key))}
                />
              </li>
            );
          })}
        </ol>
      ) : (
        <p className={layout.muted}>
          <Trans>Nenhum orador.</Trans>
        </p>
      )}
      <div className={layout.actions}>
        <Button
          variant="secondary"
          disabled={full}
          onClick={() => set([...speakers, { key: rowKey(), name: '', role: '', avatar: null }])}
        >
          <PlusIcon />
          <Trans>Adicionar orador</Trans>
        </Button>
      </div>
    </ListSection>
  );
}

/** The classroom's 'AGENDA': a time and a title per item, in order; at most 30. */
export function AgendaEditor({
  draft,
  errors,
  onChange,
}: {
  draft: ClassroomDraft;
  errors: Errors;
  onChange: (draft: ClassroomDraft) => void;
}) {
  const { t, i18n } = useLingui();
  const error = (field: string) => (errors[field] ? i18n._(errors[field]) : undefined);
  const agenda = draft.agenda;
  const set = (next: AgendaRow[]) => onChange({ ...draft, agenda: next });
  return (
    <ListSection
      title={<Trans>Agenda</Trans>}
      hint={
        <Trans>
          A programação do evento, nesta ordem. Até{' '}
          <Plural value={CLASSROOM_LIMITS.agenda} _0="# itens" one="# item" other="# itens" />.
        </Trans>
      }
    >
      {agenda.length ? (
        <ol className={css.list} aria-label={t`Agenda`}>
          {agenda.map((a, i) => {
            const update = (row: AgendaRow) => set(agenda.map((x) => (x.key === a.key ? row : x)));
            return (
              <li key={a.key} className={css.agendaRow}>
                <TextField
                  name={`agenda.${i}.time`}
                  type="time"
                  label={<Trans>Horário do item {i + 1}</Trans>}
                  value={a.time}
                  required
                  error={error(`agenda.${i}.time`)}
                  onChange={(e) => update({ ...a, time: e.target.value.slice(0, 5) })}
                />
                <TextField
                  name={`agenda.${i}.title`}
                  label={<Trans>Título do item {i + 1}</Trans>}
                  value={a.title}
                  maxLength={CLASSROOM_LIMITS.agendaTitle}
                  required
                  error={error(`agenda.${i}.title`)}
                  onChange={(e) => update({ ...a, title: e.target.value })}
                />
                <RowButtons
                  label={a.title.trim() || t`Item ${i + 1}`}
                  index={i}
                  count={agenda.length}
                  onMove={(to) => set(move(agenda, i, to))}
                  onRemove={() => set(agenda.filter((x) => x.key !== a.key))}
                />
              </li>
            );
          })}
        </ol>
      ) : (
        <p className={layout.muted}>
          <Trans>Nenhum item na agenda.</Trans>
        </p>
      )}
      <div className={layout.actions}>
        <Button
          variant="secondary"
          disabled={agenda.length >= CLASSROOM_LIMITS.agenda}
          onClick={() => set([...agenda, { key: rowKey(), time: '', title: '' }])}
        >
          <PlusIcon />
          <Trans>Adicionar item</Trans>
        </Button>
      </div>
    </ListSection>
  );
}
