import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/ui/field';
import * as formStyles from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { TextArea } from '@/components/ui/text-area';
import type { Stream } from '../api/stream';
import type { StreamForm } from '../lib/form';
import { BANNER_KINDS, type BannerKind, type UploadKind } from '../lib/images';
import { DESCRIPTION_MAX, type FormErrors, NAME_MAX, normalizeTime } from '../lib/validate';
import { type BannerDraft, BannerInput } from './banner-input';
import { useErrorText } from './fields/controls';
import * as css from './streaming.css';

export const BANNER_LABELS: Record<BannerKind, MessageDescriptor> = {
  thumbnail: msg`Capa (thumbnail)`,
  startSoonScreen: msg`Tela de início em breve`,
  pauseScreen: msg`Tela de pausa`,
  endingScreen: msg`Tela de encerramento`,
};

/** The images picked in the wizard, uploaded once the stream is saved (banners and studio background). */
export type Banners = Partial<Record<UploadKind, BannerDraft>>;

/** Step 1 (Event): name, internal description, date and time, banners. */
export function EventStep({
  form,
  set,
  errors,
  locked,
  minDate,
  stream,
  banners,
  setBanner,
}: {
  form: StreamForm;
  set: (patch: Partial<StreamForm>) => void;
  errors: FormErrors;
  locked: boolean;
  minDate: string;
  stream?: Stream;
  banners: Banners;
  setBanner: (kind: BannerKind, draft: BannerDraft | undefined) => void;
}) {
  const { i18n } = useLingui();
  const error = useErrorText(errors);
  const lockedHint = locked ? (
    <Trans>A data e a hora não podem ser alteradas depois do início da transmissão.</Trans>
  ) : undefined;
  return (
    <div className={layout.page}>
      <div className={formStyles.formGrid}>
        <TextField
          className={formStyles.full}
          name="nome"
          label={<Trans>Nome da transmissão</Trans>}
          value={form.nome}
          maxLength={NAME_MAX}
          required
          error={error('nome')}
          onChange={(e) => set({ nome: e.target.value })}
        />
        <div className={formStyles.full}>
          <TextArea
            name="descricao"
            label={<Trans>Descrição interna (opcional)</Trans>}
            hint={<Trans>Só a sua equipe vê esta descrição.</Trans>}
            value={form.descricao}
            maxLength={DESCRIPTION_MAX}
            error={error('descricao')}
            onChange={(descricao) => set({ descricao })}
          />
        </div>
        <div className={formStyles.full}>
          <TextArea
            name="classroomDescription"
            label={<Trans>Descrição da sala de aula (opcional)</Trans>}
            hint={<Trans>Pública: aparece para os espectadores na inscrição e na sala de aula.</Trans>}
            value={form.classroomDescription}
            maxLength={DESCRIPTION_MAX}
            error={error('classroomDescription')}
            onChange={(classroomDescription) => set({ classroomDescription })}
          />
        </div>
        <TextField
          name="date"
          type="date"
          label={<Trans>Data</Trans>}
          value={form.date}
          min={locked ? undefined : minDate}
          disabled={locked}
          required
          hint={lockedHint}
          error={error('date')}
          onChange={(e) => set({ date: e.target.value })}
        />
        <TextField
          name="time"
          type="time"
          step={1}
          label={<Trans>Hora (HH:mm:ss)</Trans>}
          value={form.time}
          disabled={locked}
          required
          error={error('time')}
          onChange={(e) => set({ time: normalizeTime(e.target.value) })}
        />
      </div>
      <fieldset className={formStyles.fieldset}>
        <legend className={css.legend}>
          <Trans>Banners</Trans>
        </legend>
        <p className={layout.muted}>
          <Trans>
            PNG, JPEG ou WebP de até 10MB (recomendado 1920x1080). As imagens são enviadas depois que a
            transmissão é salva.
          </Trans>
        </p>
        <div className={formStyles.formGrid}>
          {BANNER_KINDS.map((kind) => (
            <BannerInput
              key={kind}
              name={kind}
              label={i18n._(BANNER_LABELS[kind])}
              current={stream?.assets[kind] ?? null}
              draft={banners[kind]}
              onChange={(draft) => setBanner(kind, draft)}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
