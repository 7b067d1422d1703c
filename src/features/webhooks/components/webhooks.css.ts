import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const url = style({ fontWeight: 600, overflowWrap: 'anywhere', margin: 0 });
export const events = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const chip = style({
  fontSize: vars.font.sizeSm,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceAlt,
});
export const secret = style({
  fontFamily: 'monospace',
  overflowWrap: 'anywhere',
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  margin: 0,
});
export const checks = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const check = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const item = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const status = style({ fontWeight: 600 });
