import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

/** The box and the search icon button inside its right end. */
export const box = style({ position: 'relative', display: 'flex', minWidth: 0 });
export const input = style({
  flex: 1,
  minWidth: 0,
  minHeight: '44px',
  padding: `${vars.space.xs} 52px ${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeMd,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted },
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 3px ${vars.color.focus}`,
    },
  },
});
const submitBase = style({
  position: 'absolute',
  top: '2px',
  right: '2px',
  bottom: '2px',
  width: '44px',
  display: 'grid',
  placeItems: 'center',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}` },
  },
});
/** The icon in the text colour, or in the accent colour beside other accented controls. */
export const submit = styleVariants({
  plain: [submitBase, { color: vars.color.text }],
  accent: [submitBase, { color: vars.color.primary }],
});
