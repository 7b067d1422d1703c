import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const popIn = keyframes({
  from: { opacity: 0, transform: 'scale(.97)' },
  to: { opacity: 1, transform: 'none' },
});
const slideUp = keyframes({ from: { transform: 'translateY(100%)' }, to: { transform: 'none' } });
const slideDown = keyframes({ from: { transform: 'none' }, to: { transform: 'translateY(100%)' } });

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

export const positioner = styleVariants({
  modal: {
    position: 'fixed',
    inset: 0,
    zIndex: vars.z.overlay,
    display: 'grid',
    placeItems: 'center',
    padding: vars.space.md,
    overflowY: 'auto',
  },
  sheet: {
    position: 'fixed',
    inset: 0,
    zIndex: vars.z.overlay,
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'center',
  },
});

const contentBase = style({
  position: 'relative',
  zIndex: 1,
  width: '100%',
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.md,
  outline: 'none',
  display: 'flex',
  flexDirection: 'column',
});

export const content = styleVariants({
  modal: [
    contentBase,
    { maxWidth: '440px', borderRadius: vars.radius.lg, padding: vars.space.lg, ...motion(popIn, fadeOut) },
  ],
  sheet: [
    contentBase,
    {
      maxHeight: '92dvh',
      overflowY: 'auto',
      overscrollBehavior: 'contain',
      borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
      padding: `${vars.space.md} ${vars.space.md} ${vars.space.lg}`,
      ...motion(slideUp, slideDown),
    },
  ],
});

export const head = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});
export const title = style({ margin: 0, fontSize: vars.font.sizeLg, fontWeight: 700, lineHeight: 1.3 });
export const description = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted });
export const close = style({
  flex: 'none',
  minWidth: '44px',
  minHeight: '44px',
  marginTop: `calc(-1 * ${vars.space.sm})`,
  marginRight: `calc(-1 * ${vars.space.sm})`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.font.sizeXl,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceAlt, color: vars.color.text } },
});
export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});
