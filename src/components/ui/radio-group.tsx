import { type ReactNode, useId } from 'react';
import * as formStyles from './form.css';
import * as layout from './layout.css';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  hint?: ReactNode;
}

/** Native radio buttons in a fieldset: the group is named by its legend. */
export function RadioGroup<V extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  disabled,
  hint,
}: {
  name: string;
  legend: ReactNode;
  options: readonly RadioOption<V>[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className={formStyles.fieldset}
      disabled={disabled}
      aria-describedby={hint ? `${id}-hint` : undefined}
    >
      <legend className={formStyles.fieldLabel}>{legend}</legend>
      <div className={formStyles.radioRow}>
        {options.map((o) => (
          <label key={o.value} className={formStyles.radio}>
            <input
              type="radio"
              className={formStyles.radioInput}
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={layout.muted}>
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
