import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

/** The entries: table rows (desktop), cards (phones), their event, record and responsible parts. */
export const table = style({ width: '100%', borderCollapse: 'collapse' });
export const th = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  fontSize: vars.font.sizeSm,
  fontWeight: 700,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});
export const td = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});
export const dateCol = style({ width: '150px' });
export const responsibleCol = style({ width: '34%' });
export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '32px',
  margin: `0 calc(-1 * ${vars.space.xs})`,
  padding: `0 ${vars.space.xs}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceAlt, color: vars.color.text } },
});
export const dateText = style({ display: 'block', fontWeight: 600, whiteSpace: 'nowrap' });
export const timeText = style({ display: 'block', fontSize: vars.font.sizeSm, color: vars.color.textMuted });
const iconBase = style({
  flex: 'none',
  display: 'grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceAlt,
});
export const eventIcon = styleVariants({
  created: [iconBase, { color: vars.color.success }],
  authorized: [iconBase, { color: vars.color.primary }],
  removed: [iconBase, { color: vars.color.danger }],
  updated: [iconBase, { color: vars.color.warning }],
  other: [iconBase, { color: vars.color.textMuted }],
});
export const event = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start', minWidth: 0 });
export const eventText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const eventLabel = style({ fontWeight: 600 });
export const identifier = style({
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
export const toggle = style({
  alignSelf: 'flex-start',
  minHeight: '32px',
  marginTop: vars.space.xs,
  padding: `0 ${vars.space.xs}`,
  marginLeft: `calc(-1 * ${vars.space.xs})`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.primary,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceAlt, textDecoration: 'underline' } },
});
export const recordList = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(80px, max-content) minmax(0, 1fr)',
  gap: `2px ${vars.space.sm}`,
  margin: `${vars.space.xs} 0 0`,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.bg,
  fontSize: vars.font.sizeSm,
});
export const recordKey = style({ fontWeight: 600, color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const recordValue = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' });
export const recordItems = style({ margin: 0, paddingLeft: vars.space.md });
export const person = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });
export const avatar = style({
  flex: 'none',
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.full,
  overflow: 'hidden',
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.font.sizeSm,
  fontWeight: 700,
});
export const avatarImg = style({ width: '100%', height: '100%', objectFit: 'cover' });
export const email = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' });
export const infoButton = style({
  flex: 'none',
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.primary,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceAlt } },
});
export const infoList = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.sm} ${vars.space.md}`,
  margin: 0,
});
export const infoValue = style({ margin: 0, overflowWrap: 'anywhere' });
export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
  minWidth: 0,
});
export const momentInline = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
});
