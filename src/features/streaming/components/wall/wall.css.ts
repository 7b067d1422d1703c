import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
  gap: vars.space.md,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  minWidth: 0,
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  minWidth: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  scrollMarginTop: '96px',
  selectors: {
    '&[data-focused="true"]': {
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 3px ${vars.color.primary}`,
    },
  },
});
export const tileHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minWidth: 0,
});
export const tileTitle = style({
  margin: 0,
  fontSize: vars.font.sizeMd,
  lineHeight: 1.3,
  overflowWrap: 'anywhere',
  minWidth: 0,
});
export const previewSlot = style({
  position: 'relative',
  width: '100%',
  aspectRatio: '16 / 9',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.aside,
  color: vars.color.onAside,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  padding: vars.space.sm,
});
export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
});
export const figure = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const figureLabel = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted });
export const figureValue = style({ margin: 0, fontWeight: 700, overflowWrap: 'anywhere' });

const healthBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '6px',
  padding: '2px 10px',
  borderRadius: vars.radius.full,
  fontSize: vars.font.sizeSm,
  fontWeight: 700,
  border: '1px solid currentColor',
  alignSelf: 'flex-start',
  margin: 0,
  maxWidth: '100%',
  overflowWrap: 'anywhere',
});
export const health = styleVariants({
  ok: [healthBase, { color: vars.color.success }],
  warning: [healthBase, { color: vars.color.warning }],
  failing: [healthBase, { color: vars.color.danger }],
});
export const empty = style({ margin: 0, color: vars.color.textMuted });
/** The control buttons two by two: four in a row do not fit a tile's width. */
export const controls = style({ minWidth: 0 });
globalStyle(`${controls} > div`, { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' });
/** The tile's link to the live's analytics: as wide as its words, a finger's height. */
export const tileLink = style({
  alignSelf: 'flex-start',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
});
