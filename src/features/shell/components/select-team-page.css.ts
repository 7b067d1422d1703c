import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const page = style({ minHeight: '100dvh', display: 'flex', flexDirection: 'column' });
export const bar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.aside,
  color: vars.color.onAside,
  '@media': { [MOBILE_QUERY]: { padding: `${vars.space.sm} ${vars.space.md}` } },
});
export const brand = style({ fontSize: vars.font.sizeLg, fontWeight: 700, letterSpacing: '0.05em' });
export const barActions = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const logout = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${vars.space.sm}`,
  color: vars.color.onAside,
  fontWeight: 600,
});
export const main = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  '@media': { [MOBILE_QUERY]: { padding: `${vars.space.xl} ${vars.space.md}` } },
});
export const title = style({ margin: 0, fontSize: vars.font.sizeXl, textAlign: 'center', lineHeight: 1.25 });
export const subtitle = style({
  margin: `${vars.space.sm} 0 ${vars.space.xl}`,
  color: vars.color.textMuted,
  textAlign: 'center',
});
export const error = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.danger, fontWeight: 600 });
export const carousel = style({ width: '100%' });
export const card = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  textAlign: 'center',
});
export const thumb = style({
  width: '96px',
  height: '96px',
  borderRadius: vars.radius.full,
  objectFit: 'cover',
});
export const initials = style({
  display: 'grid',
  placeItems: 'center',
  width: '96px',
  height: '96px',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceAlt,
  color: vars.color.primary,
  fontSize: vars.font.sizeXl,
  fontWeight: 700,
});
export const name = style({
  margin: `${vars.space.sm} 0 0`,
  fontSize: vars.font.sizeLg,
  lineHeight: 1.3,
  maxWidth: '100%',
  overflowWrap: 'anywhere',
});
export const role = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm });
export const access = style({
  marginTop: 'auto',
  minHeight: '44px',
  minWidth: '140px',
  padding: `0 ${vars.space.lg}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.primaryHover },
    '&:disabled': { opacity: 0.7, cursor: 'progress' },
  },
});
