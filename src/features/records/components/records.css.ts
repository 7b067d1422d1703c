import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  '@media': { [MOBILE_QUERY]: { alignItems: 'stretch' } },
});
export const filterButton = style({
  minHeight: '44px',
  selectors: { '&[aria-expanded="true"]': { background: vars.color.surfaceAlt } },
  '@media': { [MOBILE_QUERY]: { flex: '1 1 0', paddingInline: vars.space.sm } },
});
export const searchWrap = style({
  display: 'block',
  flex: '1 1 420px',
  minWidth: 0,
  maxWidth: '640px',
  '@media': { [MOBILE_QUERY]: { flexBasis: '100%', maxWidth: 'none' } },
});
// On a phone the type select sits above the box: side by side, the box left too little room for its
// placeholder ("ID, nome ou e-mail" was cut after "ou").
export const searchForm = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  '@media': { [MOBILE_QUERY]: { flexDirection: 'column', alignItems: 'stretch' } },
});
export const searchType = style({
  width: '180px',
  flex: 'none',
  '@media': { [MOBILE_QUERY]: { width: 'auto' } },
});
export const searchBox = style({
  flex: '1 1 200px',
  // In the phone's column its basis would be a height.
  '@media': { [MOBILE_QUERY]: { flex: 'none' } },
});
export const panel = style({
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const filters = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const filterSelects = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 320px))',
  gap: vars.space.md,
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const surface = style({
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
});
export const mobileSort = style({
  flex: '1 1 0',
  minHeight: '44px',
  paddingInline: vars.space.sm,
  whiteSpace: 'nowrap',
});
export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const pageSize = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
