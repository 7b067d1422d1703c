import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

// The positioner's z-index is Ark's (zag's) `var(--z-index)`, which zag sets inline from the
// content's computed z-index when it opens: the layer is given on the content (a class setting
// --z-index on the positioner is overwritten by that inline value).
export const positioner = style({});
export const content = style({
  position: 'relative',
  zIndex: vars.z.overlay,
  width: 'min(calc(100vw - 16px), 320px)',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.md,
  outline: 'none',
});
export const title = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.font.sizeMd, fontWeight: 700 });
