import { globalStyle, style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

/** The period select beside the title; the whole width on a phone. */
export const period = style({
  minWidth: '200px',
  '@media': { [MOBILE_QUERY]: { minWidth: 0, width: '100%' } },
});

// ---- the folders' and videos' rows
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const scroll = style({ overflowX: 'auto' });
/** Figures line up on their right edge, digits of one width. */
export const number = style({ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
globalStyle(`th${number}`, { textAlign: 'right' });
export const nameLink = style({
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});
export const name = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const folderName = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
export const folderIcon = style({ flex: 'none', color: vars.color.textMuted });
/** A card's figures, two columns of "label value" on a phone. */
export const cardFigures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `2px ${vars.space.md}`,
  margin: 0,
  fontSize: vars.font.sizeSm,
});
export const cardFigure = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.xs });
globalStyle(`${cardFigure} dt`, { color: vars.color.textMuted });
globalStyle(`${cardFigure} dd`, { margin: 0, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
