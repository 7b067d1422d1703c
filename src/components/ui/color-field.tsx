import { type ReactNode, useId } from 'react';
import * as layout from '@/components/ui/layout.css';
import * as css from './color-field.css';

export interface ColorFieldProps {
  /** Payload field name (carried by a hidden input with the colour as the page writes it). */
  name: string;
  label: ReactNode;
  /** The opacity input's label (already translated), e.g. "Opacidade (%)". */
  opacityLabel: string;
  /** `#rrggbb`. */
  hex: string;
  /** 0–100. */
  opacity: number;
  /** The colour as the payload carries it (rgba text), for the hidden input and the preview. */
  value: string;
  onChange: (hex: string, opacity: number) => void;
  disabled?: boolean;
  hint?: ReactNode;
  className?: string;
}

/** A colour with its opacity: the system colour picker, the hex value and a percent box, with a
 * preview over a checkerboard so transparency shows. */
export function ColorField({
  name,
  label,
  opacityLabel,
  hex,
  opacity,
  value,
  onChange,
  disabled,
  hint,
  className,
}: ColorFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <fieldset className={[css.field, className].filter(Boolean).join(' ')} disabled={disabled}>
      <legend id={`${id}-legend`} className={css.legend}>
        {label}
      </legend>
      <div className={css.row}>
        <span className={css.preview} aria-hidden="true">
          <span className={css.swatch} style={{ background: value }} />
        </span>
        <input
          id={`${id}-color`}
          type="color"
          className={css.color}
          value={hex}
          aria-labelledby={`${id}-legend`}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => onChange(e.target.value, opacity)}
        />
        <code className={css.hex}>{hex.toUpperCase()}</code>
        <label className={css.opacity}>
          <span className={css.opacityLabel}>{opacityLabel}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            className={css.number}
            value={Number.isFinite(opacity) ? opacity : 100}
            onChange={(e) => onChange(hex, e.target.value === '' ? 0 : Number(e.target.value))}
          />
        </label>
      </div>
      <input type="hidden" name={name} value={value} />
      {hint ? (
        <p id={hintId} className={layout.muted}>
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
