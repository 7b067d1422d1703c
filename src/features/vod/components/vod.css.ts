import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const action = style({
  minHeight: '44px',
  paddingInline: vars.space.md,
  '@media': { [MOBILE_QUERY]: { flex: '1 1 auto', paddingInline: vars.space.sm, whiteSpace: 'nowrap' } },
});
export const searchButton = style({ flex: 'none', width: '48px', minHeight: '48px', padding: 0 });
export const searchForm = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  maxWidth: '560px',
  '@media': { [MOBILE_QUERY]: { maxWidth: 'none' } },
});
export const searchField = style({ flex: 1, minWidth: 0 });
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const sectionTitle = style({ margin: 0, fontSize: vars.font.sizeLg });
export const folders = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const folder = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '56px',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  color: vars.color.text,
  textDecoration: 'none',
  minWidth: 0,
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const folderIcon = style({ flex: 'none', color: vars.color.primary });
export const folderText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const folderName = style({
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });
export const surface = style({
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
});
export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  textAlign: 'center',
});
export const emptyTitle = style({ margin: 0, fontWeight: 700, fontSize: vars.font.sizeLg });
export const emptyText = style({ margin: 0, color: vars.color.textMuted });
export const footer = style({ display: 'flex', justifyContent: 'center' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
