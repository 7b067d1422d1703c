import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  maxHeight: '60dvh',
  overflowY: 'auto',
});
export const row = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
export const top = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minWidth: 0,
});
export const name = style({
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
});
export const kind = style({ flex: 'none', color: vars.color.textMuted, fontSize: vars.font.sizeSm });
export const bottom = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  fontSize: vars.font.sizeSm,
});
export const statusText = style({
  color: vars.color.textMuted,
  selectors: {
    '&[data-tone="danger"]': { color: vars.color.danger, fontWeight: 600 },
    '&[data-tone="success"]': { color: vars.color.success, fontWeight: 600 },
  },
});
export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const small = style({
  selectors: { '&&': { minHeight: '36px', padding: `0 ${vars.space.sm}`, fontSize: vars.font.sizeSm } },
});
export const empty = style({
  margin: 0,
  padding: `${vars.space.lg} 0`,
  textAlign: 'center',
  color: vars.color.textMuted,
});
export const error = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
});
export const hiddenInput = style({ display: 'none' });
