import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const picker = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 0,
});
export const hiddenLegend = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
export const label = style({ margin: 0, padding: 0, fontWeight: 600, fontSize: vars.font.sizeSm });
export const summary = style({
  margin: 0,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  minHeight: '1.5em',
});
export const hint = style({
  margin: 0,
  fontSize: vars.font.sizeSm,
  color: vars.color.warning,
});
export const body = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'flex-start',
  '@media': { [MOBILE_QUERY]: { flexDirection: 'column', alignItems: 'stretch' } },
});
export const quick = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: '150px',
  margin: 0,
  padding: 0,
  border: 0,
  '@media': { [MOBILE_QUERY]: { flexDirection: 'row', flexWrap: 'wrap', minWidth: 0 } },
});
export const quickButton = style({
  minHeight: '36px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeSm,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&[aria-pressed="true"]': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.onPrimary,
    },
  },
});
export const calendar = style({
  flex: 'none',
  width: '300px',
  maxWidth: '100%',
  '@media': { [MOBILE_QUERY]: { width: '100%' } },
});
export const monthHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.xs,
});
export const monthTitle = style({
  margin: 0,
  fontSize: vars.font.sizeMd,
  fontWeight: 700,
});
export const navButton = style({
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceAlt },
    '&:disabled': { opacity: 0.4, cursor: 'not-allowed' },
  },
});
export const grid = style({ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' });
export const weekday = style({
  padding: `${vars.space.xs} 0`,
  fontSize: '0.75rem',
  fontWeight: 600,
  color: vars.color.textMuted,
  textAlign: 'center',
  textTransform: 'capitalize',
});
export const cell = style({ padding: '1px 0', textAlign: 'center' });
export const day = style({
  width: '100%',
  minWidth: '32px',
  height: '38px',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.font.sizeSm,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceAlt },
    '&:disabled': {
      color: vars.color.textMuted,
      opacity: 0.55,
      cursor: 'not-allowed',
      textDecoration: 'line-through',
    },
    '&[data-today]': { fontWeight: 700, boxShadow: `inset 0 0 0 1px ${vars.color.textMuted}` },
    '&[data-in-range]': { background: vars.color.surfaceAlt, color: vars.color.primary, fontWeight: 600 },
    '&[data-edge]': { background: vars.color.primary, color: vars.color.onPrimary, fontWeight: 700 },
    '&[data-edge]:hover:not(:disabled)': { background: vars.color.primaryHover },
  },
});
