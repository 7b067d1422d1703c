import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const nav = style({ marginBottom: vars.space.sm, fontSize: vars.font.sizeSm });
export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.textMuted,
});
export const item = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
export const separator = style({ color: vars.color.textMuted });
export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  // A touch target of its own on a phone.
  minHeight: '32px',
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
});
