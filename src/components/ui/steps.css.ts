import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });
export const list = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  overflowX: 'auto',
  paddingBottom: vars.space.xs,
  scrollbarWidth: 'thin',
  // On a phone the steps wrap onto more lines instead of running off the side: every step in view.
  '@media': { [MOBILE_QUERY]: { flexWrap: 'wrap', overflowX: 'visible', gap: `0 ${vars.space.xs}` } },
});
export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flex: '1 1 auto',
  minWidth: 0,
  '@media': { [MOBILE_QUERY]: { flex: '0 1 auto' } },
});
export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.font.sizeMd,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  '@media': { [MOBILE_QUERY]: { whiteSpace: 'normal', textAlign: 'start' } },
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&[data-current]': { color: vars.color.text },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const indicator = style({
  display: 'inline-grid',
  placeItems: 'center',
  flex: 'none',
  width: '28px',
  height: '28px',
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.textMuted}`,
  fontSize: vars.font.sizeSm,
  fontWeight: 700,
  selectors: {
    '&[data-current]': {
      borderColor: vars.color.primary,
      background: vars.color.primary,
      color: vars.color.onPrimary,
    },
    '&[data-complete]': { borderColor: vars.color.primary, color: vars.color.primary },
    [`${item}[data-invalid] &`]: {
      borderColor: vars.color.danger,
      background: vars.color.danger,
      color: vars.color.onDanger,
    },
  },
});
export const label = style({ '@media': { [MOBILE_QUERY]: { fontSize: vars.font.sizeSm } } });
export const separator = style({
  flex: '1 1 16px',
  minWidth: '16px',
  height: '2px',
  background: vars.color.border,
  selectors: { '&[data-complete]': { background: vars.color.primary } },
  '@media': { [MOBILE_QUERY]: { display: 'none' } },
});
export const content = style({ minWidth: 0, outline: 'none' });
