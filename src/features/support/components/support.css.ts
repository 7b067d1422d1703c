import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

/** Wide screens: the list and the open view side by side; narrower ones stack the view under it. */
const SIDE_BY_SIDE = 'screen and (min-width: 1360px)';

export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'start',
});
export const split = style({
  '@media': { [SIDE_BY_SIDE]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(420px, 2fr)' } },
});
export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

// ---- the live
export const live = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  '@media': { [MOBILE_QUERY]: { alignItems: 'flex-start' } },
});
export const liveThumb = style({
  flex: 'none',
  width: '160px',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  '@media': { [MOBILE_QUERY]: { width: '112px' } },
});
export const liveText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const liveTitle = style({ margin: 0, fontSize: vars.font.sizeLg, overflowWrap: 'anywhere' });

// ---- status pills (never colour alone: the word is in the pill)
const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '6px',
  alignSelf: 'flex-start',
  padding: '2px 10px',
  borderRadius: vars.radius.full,
  border: '1px solid currentColor',
  fontSize: vars.font.sizeSm,
  fontWeight: 700,
  whiteSpace: 'nowrap',
});
export const status = styleVariants({
  bad: [pill, { color: vars.color.danger }],
  warn: [pill, { color: vars.color.warning }],
  good: [pill, { color: vars.color.success }],
  plain: [pill, { color: vars.color.textMuted }],
});

// ---- the search
export const searchGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: vars.space.md,
  alignItems: 'start',
});
export const searchActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

// ---- the list of views
export const listHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const scroll = style({ overflowX: 'auto' });
export const selected = style({ background: vars.color.surfaceAlt });
globalStyle(`${selected} td`, { background: vars.color.surfaceAlt });
export const viewerLink = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontWeight: 700,
  color: vars.color.primary,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
});
export const nowrap = style({ whiteSpace: 'nowrap' });
export const cellLines = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  overflowWrap: 'anywhere',
});
export const cardRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

// ---- the open view
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
globalStyle(`${facts} dt`, { fontWeight: 600, color: vars.color.textMuted, fontSize: vars.font.sizeSm });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });
export const factGroups = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  gap: vars.space.lg,
});
export const subTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.font.sizeMd });
export const history = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const historyItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
export const historyCurrent = style([
  historyItem,
  { borderColor: vars.color.primary, background: vars.color.surfaceAlt },
]);

// ---- the timeline
export const timeline = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeSm });
globalStyle(`${timeline} th, ${timeline} td`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: 'left',
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});
globalStyle(`${timeline} th`, {
  color: vars.color.textMuted,
  fontWeight: 600,
  background: vars.color.surfaceAlt,
});
globalStyle(`${timeline} caption`, { textAlign: 'left', fontWeight: 700, padding: `0 0 ${vars.space.sm}` });
export const errorEvent = style({ color: vars.color.danger, fontWeight: 700 });
export const eventCards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});
export const eventCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 0 } },
});
