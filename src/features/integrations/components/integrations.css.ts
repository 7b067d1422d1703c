import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const card = style({
  boxSizing: 'border-box',
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  minWidth: 0,
});
export const cardHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const logo = style({ width: '48px', height: '48px', flex: 'none' });
export const cardTitle = style({ margin: 0, fontSize: vars.font.sizeLg, lineHeight: 1.3 });
export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  flex: 1,
});
export const switchRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
export const chip = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: '0.75rem',
  fontWeight: 700,
  letterSpacing: '0.04em',
  background: vars.color.surfaceAlt,
  color: vars.color.textMuted,
  selectors: { '&[data-on]': { background: '#e3f3e8', color: vars.color.success } },
});
export const notice = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.warning });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  '@media': { [MOBILE_QUERY]: { flexDirection: 'column', alignItems: 'stretch' } },
});
/** SPEC §2.4: the Zoom account list has a maximum height of 144 px (it scrolls beyond). */
export const accountList = style({
  maxHeight: '144px',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const accountRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 0 } },
});
export const accountId = style({ flex: '1 1 140px', minWidth: 0, overflowWrap: 'anywhere', fontWeight: 600 });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const required = style({ color: vars.color.danger, marginLeft: '2px' });
export const videos = style({
  maxHeight: '320px',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const video = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', minWidth: 0 });
export const thumb = style({
  width: '96px',
  height: '54px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  flex: 'none',
});
export const summary = style({ display: 'flex', flexDirection: 'column', gap: '2px' });
export const summaryLine = style({ margin: 0, fontSize: vars.font.sizeSm });
export const summaryError = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.danger });
