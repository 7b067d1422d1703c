import { style } from '@vanilla-extract/css';
import { row } from '@/components/ui/admin-page.css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const teamRow = style([
  row,
  {
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
  },
]);
export const teamCell = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });
export const teamText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const picture = style({
  flex: '0 0 40px',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.md,
  objectFit: 'cover',
  background: vars.color.border,
});
export const memberList = style({
  gridColumn: '1 / -1',
  listStyle: 'none',
  margin: 0,
  padding: `0 0 0 ${vars.space.md}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  borderLeft: `2px solid ${vars.color.border}`,
});
