import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useId, useState } from 'react';
import type { RecordField } from '../api/list-logs';
import * as css from './log.css';

const isField = (v: unknown): v is RecordField =>
  typeof v === 'object' && v !== null && 'Key' in v && typeof (v as { Key: unknown }).Key === 'string';

function RecordValue({ value }: { value: unknown }) {
  const { t } = useLingui();
  if (Array.isArray(value)) {
    if (value.length === 0) return <>—</>;
    if (value.every(isField)) return <RecordFields fields={value} />;
    return (
      <ul className={css.recordItems}>
        {value.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and never reordered.
          <li key={i}>
            <RecordValue value={item} />
          </li>
        ))}
      </ul>
    );
  }
  if (value === null || value === undefined || value === '') return <>—</>;
  if (typeof value === 'boolean') return <>{value ? t`Sim` : t`Não`}</>;
  if (isField(value)) return <RecordFields fields={[value]} />;
  if (typeof value === 'object') return <>{JSON.stringify(value)}</>;
  return <>{String(value)}</>;
}

/** The changed fields as a description list; list values nest (SPEC §3 Log entry `record`). */
function RecordFields({ fields }: { fields: readonly RecordField[] }) {
  return (
    <dl className={css.recordList}>
      {fields.map((field, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: keys may repeat in a record; the order is fixed.
        <Fragment key={i}>
          <dt className={css.recordKey}>{field.Key}</dt>
          <dd className={css.recordValue}>
            <RecordValue value={field.Value} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** SPEC §2.5: a record's fields behind 'Mostrar mais' / 'Mostrar menos'. */
export function RecordDetails({ record }: { record: readonly RecordField[] | null | undefined }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!record || record.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className={css.toggle}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <Trans>Mostrar menos</Trans> : <Trans>Mostrar mais</Trans>}
      </button>
      <div id={id} hidden={!open}>
        {open ? <RecordFields fields={record} /> : null}
      </div>
    </>
  );
}
