import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const root = style({ width: '100%', minWidth: 0 });
export const itemGroup = style({
  // Room for the cards' shadow above and below; none at the sides, where the next card would peek in.
  padding: `${vars.space.sm} 0`,
  scrollbarWidth: 'none',
  selectors: { '&::-webkit-scrollbar': { display: 'none' } },
});
export const item = style({ display: 'flex', minWidth: 0 });
export const control = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  marginTop: vars.space.md,
});
export const trigger = style({
  minWidth: '44px',
  minHeight: '44px',
  display: 'grid',
  placeItems: 'center',
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeLg,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { borderColor: vars.color.primary, color: vars.color.primary },
    '&:disabled': { opacity: 0.45, cursor: 'default' },
  },
});
export const indicators = style({ display: 'flex', gap: vars.space.xs });
export const indicator = style({
  // The visible dot is small; the tap target stays 24 px.
  width: '24px',
  height: '24px',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  cursor: 'pointer',
  display: 'grid',
  placeItems: 'center',
  '::before': {
    content: '""',
    width: '10px',
    height: '10px',
    borderRadius: vars.radius.full,
    background: vars.color.border,
  },
  selectors: { '&[data-current]::before': { background: vars.color.primary } },
});
