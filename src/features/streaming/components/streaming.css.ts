import { globalStyle, style } from '@vanilla-extract/css';
import { link } from '@/components/ui/layout.css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const subtitle = style({ margin: 0, color: vars.color.textMuted });
export const grow = style({ '@media': { [MOBILE_QUERY]: { flex: '1 1 0' } } });

// ---- search box
export const search = style({
  display: 'flex',
  flex: '1 1 320px',
  maxWidth: '480px',
  minWidth: 0,
  position: 'relative',
});

// ---- table (desktop) and cards (phone)

// ---- forms
export const legend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontWeight: 700,
  fontSize: vars.font.sizeMd,
});
export const nativeSelect = style({
  minHeight: '48px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeMd,
  minWidth: 0,
  selectors: {
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 3px ${vars.color.focus}`,
    },
  },
});
export const warningText = style({
  margin: 0,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  color: vars.color.warning,
});
export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingLeft: vars.space.md,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.font.sizeSm,
  maxWidth: '100%',
  overflowWrap: 'anywhere',
});
export const chipRemove = style({
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.font.sizeLg,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.danger, background: vars.color.border },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}` },
  },
});
export const addRow = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
export const addInput = style({ flex: '1 1 220px', minWidth: 0 });
export const wizardFooter = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});
export const iconButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '44px',
  minHeight: '44px',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.primary,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}` },
    '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});
export const code = style({
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.font.sizeSm,
  overflowWrap: 'anywhere',
  wordBreak: 'break-all',
});
export const dl = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: 0 } },
});
globalStyle(`${dl} dt`, { fontWeight: 600, color: vars.color.textMuted, fontSize: vars.font.sizeSm });
globalStyle(`${dl} dd`, {
  margin: 0,
  overflowWrap: 'anywhere',
  '@media': { [MOBILE_QUERY]: { marginBottom: vars.space.sm } },
});
export const danger = style({
  background: vars.color.danger,
  color: vars.color.onDanger,
  borderColor: vars.color.danger,
  selectors: {
    '&:hover:not([aria-disabled="true"]):not(:disabled)': {
      background: vars.color.danger,
      filter: 'brightness(0.9)',
    },
  },
});
export const chipStatic = style([chip, { paddingRight: vars.space.md, minHeight: '32px' }]);
export const linkButton = style([
  link,
  {
    background: 'none',
    border: 0,
    padding: 0,
    minHeight: '44px',
    fontFamily: 'inherit',
    fontSize: 'inherit',
    cursor: 'pointer',
  },
]);
export const searchForm = style({ display: 'flex', flex: 1, minWidth: 0, position: 'relative' });
export const searchGrow = style({ flex: 1 });
export const dangerLink = style([linkButton, { color: vars.color.danger }]);
