import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const player = style({
  position: 'relative',
  width: '100%',
  aspectRatio: '16 / 9',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.color.aside,
});
export const video = style({ display: 'block', width: '100%', height: '100%', background: vars.color.aside });
export const overlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
  textAlign: 'center',
  color: vars.color.onAside,
});
export const overlayTitle = style({ margin: 0, fontSize: vars.font.sizeXl, fontWeight: 700 });
export const overlayText = style({ margin: 0, maxWidth: '420px', color: vars.color.onAside });
export const signals = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const signalLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&[aria-current="page"]': { borderColor: vars.color.primary, color: vars.color.primary, fontWeight: 700 },
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
