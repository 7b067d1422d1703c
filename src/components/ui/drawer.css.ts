import { keyframes, style } from '@vanilla-extract/css';
import { bottomBar, vars } from '@/styles/theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const slideIn = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } });
const slideOut = keyframes({ from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-100%)' } });

const motion = (open: string, closed: string) => ({
  selectors: {
    '&[data-state="open"]': { animation: `${open} ${vars.duration.page} ease-out` },
    '&[data-state="closed"]': { animation: `${closed} ${vars.duration.page} ease-in` },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  // Inside the positioner (its stacking context): always under the content (z-index 1).
  zIndex: 0,
  ...motion(fadeIn, fadeOut),
});
export const positioner = style({
  position: 'fixed',
  inset: 0,
  display: 'flex',
  justifyContent: 'flex-start',
  zIndex: vars.z.overlay,
  pointerEvents: 'none',
});
export const content = style({
  position: 'relative',
  zIndex: 1,
  pointerEvents: 'auto',
  width: 'min(85vw, 320px)',
  // It ends above a bar along the bottom of the screen (the offline banner): its last items scroll
  // into view clear of it, instead of lying under it.
  height: `calc(100dvh - ${bottomBar})`,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  background: vars.color.aside,
  color: vars.color.onAside,
  boxShadow: vars.shadow.md,
  display: 'flex',
  flexDirection: 'column',
  outline: 'none',
  ...motion(slideIn, slideOut),
});
export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.md}`,
});
export const title = style({ margin: 0, fontSize: vars.font.sizeLg, fontWeight: 700 });
export const close = style({
  minWidth: '44px',
  minHeight: '44px',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.font.sizeXl,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:hover': { background: 'rgba(255,255,255,.08)' } },
});
