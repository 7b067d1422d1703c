import { Menu as ArkMenu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { type ReactNode, useState } from 'react';
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
 * trigger. Lists show one per row: until its first use, the trigger is a plain button and the menu's
 * state machine does not exist, so a page of rows renders without ten idle machines; the first click
 * (or Enter/Space) creates the menu, open. */
export function ActionMenu(props: ActionMenuProps) {
  // null: not used yet; otherwise how it was first opened (a keyboard highlights the first item, as
  // the menu itself does on later opens).
  const [opened, setOpened] = useState<'pointer' | 'keyboard' | null>(null);
  const triggerClass = [css.trigger, props.className].filter(Boolean).join(' ');
  if (opened === null)
    return (
      <button
        type="button"
        className={triggerClass}
        aria-label={props.label}
        aria-haspopup="menu"
        aria-expanded={false}
        // A click from Enter or Space has no pointer position: detail is 0.
        onClick={(e) => setOpened(e.detail === 0 ? 'keyboard' : 'pointer')}
      >
        {props.trigger}
      </button>
    );
  const first = props.items.find((item) => !item.disabled)?.value;
  return (
    <ArkActionMenu
      {...props}
      triggerClass={triggerClass}
      highlighted={opened === 'keyboard' ? (first ?? null) : null}
    />
  );
}

function ArkActionMenu({
  label,
  trigger,
  items,
  onSelect,
  triggerClass,
  highlighted,
}: ActionMenuProps & { triggerClass: string; highlighted: string | null }) {
  return (
    <ArkMenu.Root
      defaultOpen
      defaultHighlightedValue={highlighted}
      onSelect={(d) => onSelect(d.value)}
      positioning={{ placement: 'bottom-end', gutter: 4, fitViewport: true }}
      lazyMount
      unmountOnExit
    >
      <ArkMenu.Trigger className={triggerClass} aria-label={label}>
        {trigger}
      </ArkMenu.Trigger>
      <Portal>
        <ArkMenu.Positioner>
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
