import { Portal } from '@ark-ui/react/portal';
import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select';
import { type ReactNode, useMemo } from 'react';
import * as layout from '@/components/ui/layout.css';
import * as css from './select.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  /** Payload / URL field name (a hidden native select carries it for forms). */
  name: string;
  label: ReactNode;
  /** Keep the label for assistive technology only (a toolbar select with an obvious purpose). */
  hideLabel?: boolean;
  /** The label beside the control instead of above it. */
  inlineLabel?: boolean;
  options: readonly SelectOption[];
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

/** A single-choice list box (Ark select): keyboard navigable, typeahead, labelled by its label. */
export function Select({
  name,
  label,
  hideLabel,
  inlineLabel,
  options,
  value,
  onValueChange,
  placeholder,
  disabled,
  className,
}: SelectProps) {
  const collection = useMemo(
    () =>
      createListCollection({
        items: [...options],
        itemToValue: (o) => o.value,
        itemToString: (o) => o.label,
        isItemDisabled: (o) => o.disabled === true,
      }),
    [options],
  );
  return (
    <ArkSelect.Root
      className={[css.root, inlineLabel ? css.inline : null, className].filter(Boolean).join(' ')}
      collection={collection}
      name={name}
      value={value ? [value] : []}
      onValueChange={(d) => {
        const next = d.value[0];
        if (next !== undefined && next !== value) onValueChange(next);
      }}
      disabled={disabled}
      positioning={{ sameWidth: true, gutter: 4, fitViewport: true }}
      lazyMount
      unmountOnExit
    >
      <ArkSelect.Label className={hideLabel ? layout.visuallyHidden : css.label}>{label}</ArkSelect.Label>
      <ArkSelect.Control>
        <ArkSelect.Trigger className={css.trigger}>
          <ArkSelect.ValueText className={css.value} placeholder={placeholder} />
          <ArkSelect.Indicator className={css.indicator}>
            <svg
              aria-hidden="true"
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="m6 9 6 6 6-6" />
            </svg>
          </ArkSelect.Indicator>
        </ArkSelect.Trigger>
      </ArkSelect.Control>
      <Portal>
        <ArkSelect.Positioner>
          <ArkSelect.Content className={css.content}>
            {collection.items.map((option) => (
              <ArkSelect.Item key={option.value} item={option} className={css.item}>
                <ArkSelect.ItemText>{option.label}</ArkSelect.ItemText>
                <ArkSelect.ItemIndicator aria-hidden="true">✓</ArkSelect.ItemIndicator>
              </ArkSelect.Item>
            ))}
          </ArkSelect.Content>
        </ArkSelect.Positioner>
      </Portal>
      <ArkSelect.HiddenSelect />
    </ArkSelect.Root>
  );
}
