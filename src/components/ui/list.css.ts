import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

// A list page's rows (docs/ui.md): a table on a desktop, a list of cards on a phone, inside a
// layout.surface. Row selection (checkbox and its 44 px label), a sortable header, the row's name
// link, its options menu cell, the empty line and the footer (total and pagination).

export const table = style({ width: '100%', borderCollapse: 'collapse' });
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: 'left',
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});
globalStyle(`${table} th`, {
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  fontWeight: 600,
  background: vars.color.surfaceAlt,
});
globalStyle(`${table} tbody tr:last-child td`, { borderBottom: 0 });
export const checkCell = style({ width: '48px' });
export const menuCell = style({ width: '56px', textAlign: 'right' });
export const nameCell = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '36px',
  padding: `0 ${vars.space.xs}`,
  marginLeft: `calc(-1 * ${vars.space.xs})`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.border },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}` },
  },
});
export const checkbox = style({
  width: '22px',
  height: '22px',
  margin: 0,
  accentColor: vars.color.primary,
  cursor: 'pointer',
});
export const checkLabel = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '44px',
  minHeight: '44px',
  cursor: 'pointer',
});
export const rowLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
export const cards = style({ listStyle: 'none', margin: 0, padding: 0 });
export const cardItem = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 0 } },
});
export const cardItemSingle = style([
  cardItem,
  { gridTemplateColumns: 'minmax(0, 1fr)', paddingLeft: vars.space.md },
]);
export const cardBody = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const cardMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
});
export const empty = style({
  margin: 0,
  padding: vars.space.xl,
  textAlign: 'center',
  color: vars.color.textMuted,
});
export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
/** The coloured dot of a status pill (a stream's, a video's): the pill sets the colour. */
export const statusDot = style({
  width: '8px',
  height: '8px',
  borderRadius: vars.radius.full,
  background: 'currentColor',
});
