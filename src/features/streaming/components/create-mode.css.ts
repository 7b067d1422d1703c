import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const dialog = style({ maxWidth: '560px' });
export const choices = style({ display: 'grid', gap: vars.space.sm });
export const choice = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  textAlign: 'left',
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.primary, background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const choiceTitle = style({ fontWeight: 700, fontSize: vars.font.sizeMd });
export const choiceText = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });
export const file = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
export const errors = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  maxHeight: '200px',
  overflowY: 'auto',
  color: vars.color.danger,
  fontSize: vars.font.sizeSm,
});
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});
