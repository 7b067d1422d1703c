import { style, styleVariants } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

// A page's headline figures (live analytics, VOD analytics): as many columns as fit, two on a phone
// (SPEC §9: below 930 px).
const grid = style({
  margin: 0,
  display: 'grid',
  gap: vars.space.sm,
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
/** By the narrowest a card may be: the live's figures carry hints and longer labels. */
export const figures = styleVariants({
  160: [grid, { gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }],
  170: [grid, { gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }],
});
export const figure = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});
export const figureLabel = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });
export const figureValue = style({
  margin: 0,
  fontSize: vars.font.sizeLg,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});
export const figureHint = style({ color: vars.color.textMuted, fontSize: '0.75rem' });
