import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
export const title = style({ margin: 0, fontSize: vars.font.sizeXl, lineHeight: 1.25 });
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
export const badge = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '22px',
  height: '22px',
  padding: '0 6px',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: '0.75rem',
  fontWeight: 700,
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
  position: 'relative',
  display: 'flex',
  flex: '1 1 200px',
  minWidth: 0,
  // In the phone's column its basis would be a height.
  '@media': { [MOBILE_QUERY]: { flex: 'none' } },
});
export const searchInput = style({
  flex: 1,
  minWidth: 0,
  minHeight: '44px',
  padding: `${vars.space.xs} 52px ${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeMd,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted },
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 3px ${vars.color.focus}`,
    },
  },
});
export const searchSubmit = style({
  position: 'absolute',
  top: '2px',
  right: '2px',
  bottom: '2px',
  width: '44px',
  display: 'grid',
  placeItems: 'center',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.primary,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceAlt } },
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
export const status = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.textMuted });
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
export const total = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.textMuted });
