import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
  gap: vars.space.md,
});
export const items = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const item = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  alignItems: 'baseline',
});
export const figures = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  gap: `${vars.space.xs} ${vars.space.md}`,
});
export const figureValue = style({ margin: 0, fontWeight: 600, textAlign: 'right' });
export const figureRow = style({ display: 'contents' });
