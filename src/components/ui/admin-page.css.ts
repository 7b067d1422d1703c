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
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const title = style({ margin: 0, fontSize: vars.font.sizeXl, lineHeight: 1.25 });
export const sectionTitle = style({ margin: 0, fontSize: vars.font.sizeLg, lineHeight: 1.3 });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});
export const searchForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  // Its page is a column: a flex basis there would be a height (it left 300 px of blank above the field).
  flex: '0 0 auto',
  maxWidth: '560px',
  minWidth: 0,
});
export const grow = style({ flex: '1 1 200px', minWidth: 0 });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
});
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 0 } },
  '@media': {
    [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.xs, padding: vars.space.md },
  },
});
export const cell = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  overflowWrap: 'anywhere',
});
export const name = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  justifyContent: 'flex-end',
});
export const linkButton = style({
  background: 'none',
  border: 0,
  padding: 0,
  minHeight: '44px',
  color: vars.color.primary,
  fontFamily: 'inherit',
  fontSize: 'inherit',
  fontWeight: 600,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}` } },
});
export const dangerLink = style([linkButton, { color: vars.color.danger }]);
export const empty = style({
  margin: 0,
  padding: vars.space.lg,
  color: vars.color.textMuted,
  textAlign: 'center',
});
export const badge = style({
  display: 'inline-block',
  alignSelf: 'flex-start',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceAlt,
  fontSize: vars.font.sizeSm,
});
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const checks = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 0,
});
export const check = style({
  display: 'grid',
  gridTemplateColumns: '22px minmax(0, 1fr)',
  gap: vars.space.sm,
  alignItems: 'start',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
});
export const checkbox = style({ width: '22px', height: '22px', margin: 0, accentColor: vars.color.primary });
export const code = style({ fontFamily: 'ui-monospace, monospace', fontSize: vars.font.sizeSm });
