import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
});
export const key = style({
  flex: '1 1 240px',
  minWidth: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.font.sizeSm,
  wordBreak: 'break-all',
});
export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.primary,
  fontWeight: 600,
  fontSize: vars.font.sizeSm,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[aria-pressed="true"]': { background: vars.color.surfaceAlt },
  },
});
