import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import * as formStyles from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import type { Stream } from '../api/stream';
import type { ClassroomDraft } from '../lib/classroom';
import { CLASSROOM_IMAGE_KINDS, type ClassroomImageKind } from '../lib/images';
import { type BannerDraft, BannerInput } from './banner-input';
import { AgendaEditor, SpeakersEditor } from './classroom-lists';
import * as css from './streaming.css';

const IMAGE_LABELS: Record<ClassroomImageKind, MessageDescriptor> = {
  classroomCover: msg`Capa da sala de aula`,
  classroomBackground: msg`Fundo da sala de aula`,
  classroomLoginBackground: msg`Fundo da inscrição`,
};
const IMAGE_HINTS: Record<ClassroomImageKind, MessageDescriptor> = {
  classroomCover: msg`Na inscrição, acima do título. Sem ela, a capa da transmissão.`,
  classroomBackground: msg`Atrás da página da aula. Sem ela, o fundo do estúdio.`,
  classroomLoginBackground: msg`Atrás do formulário de inscrição. Sem ela, a tela de início em breve.`,
};

const currentImage = (stream: Stream | undefined, kind: ClassroomImageKind) =>
  kind === 'classroomCover'
    ? (stream?.classroom?.cover ?? null)
    : kind === 'classroomBackground'
      ? (stream?.classroom?.background ?? null)
      : (stream?.classroom?.loginBackground ?? null);

/** The public classroom of the live (SPEC §2.8; docs/classroom.md): its images, speakers and agenda,
 * saved with the live. */
export function ClassroomFields({
  stream,
  images,
  setImage,
  draft,
  errors,
  onChange,
}: {
  stream?: Stream;
  images: Partial<Record<ClassroomImageKind, BannerDraft>>;
  setImage: (kind: ClassroomImageKind, draft: BannerDraft | undefined) => void;
  draft: ClassroomDraft;
  errors: Record<string, MessageDescriptor>;
  onChange: (draft: ClassroomDraft) => void;
}) {
  const { i18n } = useLingui();
  return (
    <fieldset className={formStyles.fieldset}>
      <legend className={css.legend}>
        <Trans>Sala de aula</Trans>
      </legend>
      <p className={layout.muted}>
        <Trans>
          Tudo aqui é público: aparece para os espectadores em /classroom (inscrição e página da aula).
        </Trans>
      </p>
      <div className={formStyles.formGrid}>
        {CLASSROOM_IMAGE_KINDS.map((kind) => (
          <BannerInput
            key={kind}
            name={kind}
            label={i18n._(IMAGE_LABELS[kind])}
            hint={i18n._(IMAGE_HINTS[kind])}
            current={currentImage(stream, kind)}
            draft={images[kind]}
            onChange={(d) => setImage(kind, d)}
          />
        ))}
      </div>
      <SpeakersEditor draft={draft} errors={errors} onChange={onChange} />
      <AgendaEditor draft={draft} errors={errors} onChange={onChange} />
    </fieldset>
  );
}
