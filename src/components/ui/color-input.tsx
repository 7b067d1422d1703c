import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ColorField } from '@/components/ui/color-field';
import { hexOpacityToRgba, rgbaToHexOpacity } from '@/lib/color';

/** A colour stored as rgba text, edited as hex + opacity percent (SPEC §5). */
export function ColorInput({
  name,
  label,
  value,
  onChange,
  disabled,
  hint,
}: {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (rgba: string) => void;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const { t } = useLingui();
  const { hex, opacity } = rgbaToHexOpacity(value) ?? { hex: '#000000', opacity: 100 };
  return (
    <ColorField
      name={name}
      label={label}
      opacityLabel={t`Opacidade (%)`}
      hex={hex}
      opacity={opacity}
      value={value}
      disabled={disabled}
      hint={hint}
      onChange={(h, o) => {
        const next = hexOpacityToRgba(h, o);
        if (next) onChange(next);
      }}
    />
  );
}
