import { cloneElement, lazy, type ReactElement, type ReactNode, Suspense } from 'react';
import { useOpenedOnce } from './use-opened-once';

// The header's team selector is on every page and is rarely opened: Ark's popover and positioning
// code load with the first click, not with the page.
const ArkPopoverPanel = lazy(() => import('./popover-panel'));

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
  const plain = cloneElement(props.trigger as ReactElement<Record<string, unknown>>, {
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    onClick: () => props.onOpenChange(true),
  });
  if (!mounted) return plain;
  return (
    <Suspense fallback={plain}>
      <ArkPopoverPanel {...props} />
    </Suspense>
  );
}
