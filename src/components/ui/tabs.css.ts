import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
export const list = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
  scrollbarWidth: 'thin',
});
export const trigger = style({
  flex: 'none',
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 0,
  borderBottom: '3px solid transparent',
  marginBottom: '-1px',
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.font.sizeMd,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:hover:not([data-disabled])': { color: vars.color.text },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    '&[data-selected]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  },
});
export const content = style({ minWidth: 0, outline: 'none' });
