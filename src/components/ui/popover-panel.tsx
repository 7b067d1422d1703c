import { Popover as ArkPopover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useEffect, useId, useState } from 'react';
import type { PopoverProps } from './popover';
import * as css from './popover.css';

/** The Ark popover behind `Popover` (popover.tsx), in a chunk of its own: loaded on the first click. */
export default function ArkPopoverPanel({
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
        <ArkPopover.Positioner>
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
