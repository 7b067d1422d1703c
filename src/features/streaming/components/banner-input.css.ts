import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const banner = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const label = style({ fontWeight: 600, fontSize: vars.font.sizeSm });
export const frame = style({
  display: 'grid',
  placeItems: 'center',
  aspectRatio: '16 / 9',
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.textMuted}`,
  background: vars.color.surfaceAlt,
  overflow: 'hidden',
});
export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });
export const placeholder = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });
export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const input = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  opacity: 0,
  overflow: 'hidden',
});
const buttonBase = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  fontWeight: 600,
  fontSize: vars.font.sizeSm,
  cursor: 'pointer',
} as const;
export const pick = style({
  ...buttonBase,
  position: 'relative',
  border: `1px solid ${vars.color.primary}`,
  color: vars.color.primary,
  background: vars.color.surface,
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-within': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const remove = style({
  ...buttonBase,
  border: 0,
  background: 'transparent',
  color: vars.color.danger,
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}` },
  },
});
export const error = style({
  margin: 0,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  color: vars.color.danger,
});
