import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const page = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.lg,
  padding: vars.space.xl,
  background: `radial-gradient(120% 90% at 15% 0%, ${vars.color.primary} 0%, transparent 60%), radial-gradient(90% 80% at 100% 100%, ${vars.color.primaryHover} 0%, transparent 55%), ${vars.color.aside}`,
  '@media': {
    [MOBILE_QUERY]: {
      justifyContent: 'flex-start',
      gap: 0,
      padding: 0,
      background: vars.color.surface,
    },
  },
});

export const card = style({
  width: '100%',
  maxWidth: '440px',
  padding: `${vars.space.xl} ${vars.space.xl} ${vars.space.lg}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
  '@media': {
    [MOBILE_QUERY]: {
      maxWidth: 'none',
      flex: 1,
      borderRadius: 0,
      boxShadow: 'none',
      padding: 0,
    },
  },
});

/** On a phone the form keeps a readable width inside the full-width card. */
export const content = style({
  width: '100%',
  margin: '0 auto',
  '@media': {
    [MOBILE_QUERY]: {
      maxWidth: `calc(440px + 2 * ${vars.space.md})`,
      padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xl}`,
    },
  },
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
  color: vars.color.text,
  fontSize: vars.font.sizeLg,
  fontWeight: 800,
  letterSpacing: '0.02em',
  '@media': {
    [MOBILE_QUERY]: {
      justifyContent: 'center',
      margin: 0,
      padding: vars.space.md,
      background: vars.color.aside,
      color: vars.color.onAside,
    },
  },
});

export const brandMark = style({ color: vars.color.primary, flex: 'none' });
export const brandPlay = style({ fill: vars.color.onPrimary });

export const footer = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  width: '100%',
  maxWidth: '440px',
  color: vars.color.onAside,
  fontSize: vars.font.sizeSm,
  '@media': {
    [MOBILE_QUERY]: {
      maxWidth: 'none',
      padding: `${vars.space.md}`,
      color: vars.color.textMuted,
      borderTop: `1px solid ${vars.color.border}`,
    },
  },
});

export const locales = style({ display: 'flex', gap: vars.space.xs });

export const localeButton = style({
  minWidth: '44px',
  minHeight: '36px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid transparent`,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { borderColor: 'currentColor' },
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
