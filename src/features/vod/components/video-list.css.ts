import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeSm });
export const th = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: 'left',
  fontWeight: 700,
  color: vars.color.textMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});
export const td = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  selectors: { 'tr:last-child > &': { borderBottom: 0 } },
});
export const end = style({ textAlign: 'right' });
// The title column takes what the others leave (width 100% with max-width 0 is what lets a table cell
// shrink below its text): a long title ends in an ellipsis instead of pushing the actions off a 1280 px
// screen, whatever else a row shows (a failed video's reason under its status).
export const titleCell = style({ width: '100%', maxWidth: 0 });
export const videoTitle = style({
  display: 'block',
  fontWeight: 600,
  fontSize: vars.font.sizeMd,
  color: vars.color.text,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const thumb = style({
  display: 'block',
  width: '96px',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.aside,
});
export const thumbEmpty = style([
  thumb,
  { display: 'grid', placeItems: 'center', color: vars.color.asideMuted },
]);
export const nowrap = style({ whiteSpace: 'nowrap' });
export const rowActions = style({ display: 'flex', gap: vars.space.xs, justifyContent: 'flex-end' });
export const iconButton = style({
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.primary,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed', opacity: 0.6 },
    '&[data-danger]': { color: vars.color.danger },
  },
});
export const cards = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const card = style({
  display: 'grid',
  gridTemplateColumns: '112px minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.sm}`,
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 0 } },
});
export const cardThumb = style({ gridRow: 'span 2', width: '112px' });
export const cardBody = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const cardMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});
export const cardActions = style({
  display: 'flex',
  gap: vars.space.xs,
  justifyContent: 'flex-start',
  marginLeft: '-8px',
});
