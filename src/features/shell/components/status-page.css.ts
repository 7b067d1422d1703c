import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const standalone = style({
  minHeight: '100dvh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
  '@media': { [MOBILE_QUERY]: { padding: vars.space.md } },
});
export const card = style({
  width: '100%',
  maxWidth: '560px',
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  textAlign: 'center',
  '@media': { [MOBILE_QUERY]: { padding: vars.space.lg } },
});
export const code = style({
  margin: 0,
  fontSize: '3.5rem',
  fontWeight: 800,
  lineHeight: 1,
  color: vars.color.primary,
  letterSpacing: '0.04em',
});
export const pageTitle = style({
  margin: `${vars.space.md} 0 ${vars.space.sm}`,
  fontSize: vars.font.sizeXl,
  lineHeight: 1.25,
});
export const text = style({ margin: `0 0 ${vars.space.sm}`, color: vars.color.textMuted });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});
export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '44px',
  padding: `0 ${vars.space.lg}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.primaryHover } },
});
export const secondary = style([
  button,
  {
    background: 'transparent',
    color: vars.color.primary,
    border: `1px solid ${vars.color.primary}`,
    selectors: { '&:hover': { background: vars.color.surfaceAlt } },
  },
]);
export const soon = style({
  maxWidth: '640px',
  margin: `${vars.space.xl} auto`,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  textAlign: 'center',
  '@media': { [MOBILE_QUERY]: { margin: `${vars.space.md} 0`, padding: vars.space.lg } },
});
export const badge = style({
  display: 'inline-block',
  margin: 0,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceAlt,
  color: vars.color.primary,
  fontSize: vars.font.sizeSm,
  fontWeight: 700,
});
