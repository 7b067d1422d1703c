import { Switch as ArkSwitch } from '@ark-ui/react/switch';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import * as css from './switch.css';

export interface SwitchProps {
  /** Payload field name (a hidden checkbox carries it). */
  name: string;
  label: ReactNode;
  /** A line under the label: what turning it on does. */
  hint?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** While a change is being saved. */
  busy?: boolean;
  className?: string;
}

/** An on/off switch (Ark switch: role=switch on a real checkbox), labelled by its text. */
export function Switch({
  name,
  label,
  hint,
  checked,
  onCheckedChange,
  disabled,
  busy,
  className,
}: SwitchProps) {
  // The hidden checkbox is left uncontrolled by Ark: when the page refuses a change (a save failed), its
  // DOM state would stay flipped and be announced wrongly. Keep it equal to `checked` after each render.
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (input.current && input.current.checked !== checked) input.current.checked = checked;
  });
  return (
    <ArkSwitch.Root
      name={name}
      checked={checked}
      onCheckedChange={(d) => onCheckedChange(d.checked)}
      disabled={disabled || busy}
      className={[css.root, className].filter(Boolean).join(' ')}
      data-busy={busy ? '' : undefined}
    >
      <span className={css.text}>
        <ArkSwitch.Label className={css.label}>{label}</ArkSwitch.Label>
        {hint ? <span className={css.hint}>{hint}</span> : null}
      </span>
      <ArkSwitch.Control className={css.control}>
        <ArkSwitch.Thumb className={css.thumb} />
      </ArkSwitch.Control>
      {/* A real checkbox announced as a switch. */}
      <ArkSwitch.HiddenInput ref={input} role="switch" />
    </ArkSwitch.Root>
  );
}
