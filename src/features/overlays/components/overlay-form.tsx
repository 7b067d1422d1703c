import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import * as form from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/notify';
import { Select } from '@/components/ui/select';
import { failureText } from '@/lib/failure-text';
import { check, wholeNumberIn } from '@/lib/validation';
import { useCreateOverlay } from '../api/create-overlay';
import { type OverlayPosition, POSITIONS } from '../api/overlay';
import { POSITION_LABELS } from './labels';

const EMPTY = {
  name: '',
  kind: 'text' as 'text' | 'image',
  text: '',
  position: 'top-right' as OverlayPosition,
  widthPercent: 20,
  color: '#ffffff',
};

/** "Novo overlay": a text (with its colour) or an image, its corner and its width. */
export function OverlayForm() {
  const { t, i18n } = useLingui();
  const create = useCreateOverlay();
  const [draft, setDraft] = useState(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [error, setError] = useState<string>();
  // The width as typed: checked, never rounded behind the user's back.
  const [widthText, setWidthText] = useState(String(EMPTY.widthPercent));
  const set = (patch: Partial<typeof EMPTY>) => setDraft({ ...draft, ...patch });
  const widthError = check(widthText, wholeNumberIn(5, 100));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = draft.name.trim();
    const text = draft.text.trim();
    if (!name || (draft.kind === 'text' ? !text : !file)) return setError(t`O campo é obrigatório`);
    if (widthError) return setError(`${t`Largura (% do player)`}: ${i18n._(widthError)}`);
    setError(undefined);
    create.mutate(
      {
        name,
        kind: draft.kind,
        text: draft.kind === 'text' ? text : null,
        position: draft.position,
        widthPercent: Number(widthText.trim()),
        color: draft.kind === 'text' ? draft.color : null,
        file,
      },
      {
        onSuccess: () => {
          notify('success', t`Overlay criado`, name);
          setDraft(EMPTY);
          setWidthText(String(EMPTY.widthPercent));
          setFile(null);
          setFileKey((k) => k + 1);
        },
        onError: (e) => setError(failureText(e, t`Não foi possível criar o overlay. Tente novamente`)),
      },
    );
  };

  return (
    <form className={layout.card} onSubmit={onSubmit} noValidate aria-label={t`Novo overlay`}>
      <h2 className={layout.cardTitle}>
        <Trans>Novo overlay</Trans>
      </h2>
      <div className={form.formGrid}>
        <TextField
          name="name"
          label={t`Nome`}
          value={draft.name}
          maxLength={80}
          onChange={(e) => set({ name: e.target.value })}
        />
        <Select
          name="kind"
          label={t`Tipo`}
          value={draft.kind}
          options={[
            { value: 'text', label: t`Texto` },
            { value: 'image', label: t`Imagem` },
          ]}
          onValueChange={(kind) => set({ kind: kind === 'image' ? 'image' : 'text' })}
        />
        {draft.kind === 'text' ? (
          <>
            <TextField
              name="text"
              label={t`Texto`}
              value={draft.text}
              maxLength={200}
              onChange={(e) => set({ text: e.target.value })}
            />
            <TextField
              name="color"
              type="color"
              label={t`Cor do texto`}
              value={draft.color}
              onChange={(e) => set({ color: e.target.value })}
            />
          </>
        ) : (
          <TextField
            key={fileKey}
            name="file"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            label={t`Imagem (PNG, JPEG ou WebP, até 10 MB)`}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
        <Select
          name="position"
          label={t`Posição`}
          value={draft.position}
          options={POSITIONS.map((p) => ({ value: p, label: i18n._(POSITION_LABELS[p]) }))}
          onValueChange={(position) => set({ position: position as OverlayPosition })}
        />
        <TextField
          name="widthPercent"
          type="number"
          label={t`Largura (% do player)`}
          min={5}
          max={100}
          value={widthText}
          onChange={(e) => setWidthText(e.target.value)}
        />
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className={layout.actions}>
        <Button type="submit" busy={create.isPending}>
          <Trans>Criar overlay</Trans>
        </Button>
      </div>
    </form>
  );
}
