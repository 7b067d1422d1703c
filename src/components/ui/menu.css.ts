import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const trigger = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '44px',
  minHeight: '44px',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover, &[data-state="open"]': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const content = style({
  // The layer of a floating panel goes on its content (theme.css `z`).
  position: 'relative',
  zIndex: vars.z.overlay,
  minWidth: '220px',
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
  outline: 'none',
});
export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&[data-highlighted]': { background: vars.color.surfaceAlt },
    '&[data-tone="danger"]': { color: vars.color.danger },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});
