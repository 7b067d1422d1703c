import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

/** The offline banner: a bar along the bottom of the screen, above the page, never over the header. */
export const offline = style({
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  zIndex: vars.z.toast,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  paddingBottom: `max(${vars.space.sm}, env(safe-area-inset-bottom))`,
  background: vars.color.aside,
  color: vars.color.onAside,
  fontSize: vars.font.sizeSm,
  textAlign: 'center',
  boxShadow: vars.shadow.md,
});

export const dot = style({
  flex: 'none',
  width: '10px',
  height: '10px',
  borderRadius: vars.radius.full,
  background: vars.color.asideMuted,
});

/** The update prompt: a small card at the bottom right that never blocks the page. */
export const prompt = style({
  position: 'fixed',
  right: vars.space.md,
  bottom: vars.space.md,
  zIndex: vars.z.toast,
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  maxWidth: 'min(92vw, 420px)',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderLeft: `6px solid ${vars.color.primary}`,
  boxShadow: vars.shadow.md,
  '@media': {
    [MOBILE_QUERY]: { left: vars.space.sm, right: vars.space.sm, bottom: vars.space.sm, maxWidth: 'none' },
  },
});

export const promptText = style({ flex: '1 1 12rem', margin: 0, fontWeight: 600 });

export const actions = style({ display: 'flex', gap: vars.space.sm, marginLeft: 'auto' });

const button = style({
  minHeight: '36px',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.primary}`,
  cursor: 'pointer',
  fontWeight: 600,
});

export const primary = style([
  button,
  {
    background: vars.color.primary,
    color: vars.color.onPrimary,
    selectors: { '&:hover': { background: vars.color.primaryHover } },
  },
]);

export const secondary = style([
  button,
  {
    background: 'transparent',
    color: vars.color.primary,
    selectors: { '&:hover': { background: vars.color.surfaceAlt } },
  },
]);
