import { Popover as ArkPopover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { type ReactElement, type ReactNode, useId } from 'react';
import * as css from './popover.css';

export interface PopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the popover. */
  trigger: ReactElement;
  /** The popover's accessible title (shown as its heading). */
  title: ReactNode;
  children: ReactNode;
  /** Element focused on open (a search box, say). */
  initialFocus?: () => HTMLElement | null;
  placement?: 'bottom-start' | 'bottom-end';
  className?: string;
}

/** A non-modal panel under its trigger (Ark popover): Escape and a click outside close it. */
export function Popover({
  open,
  onOpenChange,
  trigger,
  title,
  children,
  initialFocus,
  placement = 'bottom-start',
  className,
}: PopoverProps) {
  // Named by its title even when the content mounts lazily (after Ark looks for a rendered title).
  const titleId = useId();
  return (
    <ArkPopover.Root
      ids={{ title: titleId }}
      open={open}
      onOpenChange={(d) => onOpenChange(d.open)}
      lazyMount
      unmountOnExit
      initialFocusEl={initialFocus}
      positioning={{ placement, gutter: 8, fitViewport: true, overflowPadding: 8 }}
    >
      <ArkPopover.Trigger asChild>{trigger}</ArkPopover.Trigger>
      <Portal>
        <ArkPopover.Positioner className={css.positioner}>
          <ArkPopover.Content
            className={[css.content, className].filter(Boolean).join(' ')}
            aria-labelledby={titleId}
          >
            <ArkPopover.Title className={css.title}>{title}</ArkPopover.Title>
            {children}
          </ArkPopover.Content>
        </ArkPopover.Positioner>
      </Portal>
    </ArkPopover.Root>
  );
}
