import { Popover as ArkPopover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { cloneElement, type ReactElement, type ReactNode, useEffect, useId, useState } from 'react';
import * as css from './popover.css';
import { useOpenedOnce } from './use-opened-once';

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

/** A non-modal panel under its trigger (Ark popover): Escape and a click outside close it. Until it
 * is first opened only the trigger is rendered (a plain button saying it opens a dialog): the header's
 * team selector is on every page, and its Ark machine, portal and positioner were a share of each
 * page's first render. The first click creates the popover, which opens just after its first commit
 * (created open, Ark would skip what it does on opening, such as focusing `initialFocus`); it is then
 * kept. */
export function Popover(props: PopoverProps) {
  const mounted = useOpenedOnce(props.open);
  if (!mounted)
    return cloneElement(props.trigger as ReactElement<Record<string, unknown>>, {
      'aria-haspopup': 'dialog',
      'aria-expanded': false,
      onClick: () => props.onOpenChange(true),
    });
  return <ArkPopoverPanel {...props} />;
}

function ArkPopoverPanel({
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
  const [created, setCreated] = useState(false);
  useEffect(() => setCreated(true), []);
  return (
    <ArkPopover.Root
      ids={{ title: titleId }}
      open={created && open}
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
