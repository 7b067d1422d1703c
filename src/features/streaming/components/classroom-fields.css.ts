import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) minmax(0, 1fr) auto',
  alignItems: 'start',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'auto minmax(0, 1fr)' } },
});
export const agendaRow = style([
  row,
  {
    gridTemplateColumns: '10rem minmax(0, 1fr) auto',
    '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
  },
]);
export const rowButtons = style({
  display: 'flex',
  gap: vars.space.xs,
  alignSelf: 'end',
  '@media': { [MOBILE_QUERY]: { gridColumn: '1 / -1', justifyContent: 'flex-end' } },
});
export const iconButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceAlt },
    '&:disabled': { opacity: 0.4, cursor: 'default' },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const avatar = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  width: '88px',
  '@media': { [MOBILE_QUERY]: { gridRow: 'span 2' } },
});
export const avatarImage = style({
  width: '64px',
  height: '64px',
  borderRadius: '50%',
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
  display: 'grid',
  placeItems: 'center',
  color: vars.color.textMuted,
  fontWeight: 700,
});
export const linkButton = style({
  position: 'relative',
  border: 0,
  padding: '4px',
  background: 'transparent',
  color: vars.color.primary,
  fontWeight: 600,
  fontSize: vars.font.sizeSm,
  cursor: 'pointer',
  minHeight: '32px',
  selectors: {
    '&:focus-within, &:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const fileInput = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  opacity: 0,
  overflow: 'hidden',
});
export const error = style({
  margin: 0,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  color: vars.color.danger,
});
