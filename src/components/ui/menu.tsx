import { Menu as ArkMenu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import * as css from './menu.css';

export interface MenuItem {
  value: string;
  label: ReactNode;
  tone?: 'default' | 'danger';
  disabled?: boolean;
}

export interface ActionMenuProps {
  /** The trigger's accessible name (already translated), e.g. "Opções de <name>". */
  label: string;
  /** What the trigger shows (an icon); the label is its name. */
  trigger: ReactNode;
  items: readonly MenuItem[];
  onSelect: (value: string) => void;
  className?: string;
}

/** A menu of actions behind a button (Ark menu): arrow keys, typeahead, Escape, focus back to the
 * trigger. */
export function ActionMenu({ label, trigger, items, onSelect, className }: ActionMenuProps) {
  return (
    <ArkMenu.Root
      onSelect={(d) => onSelect(d.value)}
      positioning={{ placement: 'bottom-end', gutter: 4, fitViewport: true }}
      lazyMount
      unmountOnExit
    >
      <ArkMenu.Trigger className={[css.trigger, className].filter(Boolean).join(' ')} aria-label={label}>
        {trigger}
      </ArkMenu.Trigger>
      <Portal>
        <ArkMenu.Positioner className={css.positioner}>
          <ArkMenu.Content className={css.content}>
            {items.map((item) => (
              <ArkMenu.Item
                key={item.value}
                value={item.value}
                disabled={item.disabled}
                className={css.item}
                data-tone={item.tone ?? 'default'}
              >
                {item.label}
              </ArkMenu.Item>
            ))}
          </ArkMenu.Content>
        </ArkMenu.Positioner>
      </Portal>
    </ArkMenu.Root>
  );
}
