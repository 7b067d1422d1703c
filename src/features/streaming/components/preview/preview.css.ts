import { style } from '@vanilla-extract/css';
import { bottomBar, HEADER_HEIGHT, MOBILE_QUERY, vars } from '@/styles/theme.css';

const PHONE_LANDSCAPE = `${MOBILE_QUERY} and (orientation: landscape)`;
/** What is left of the first screen below the sticky header: the main area's top padding, as much
 * again below the player, and a bottom bar (the offline banner) when one shows. */
const FIRST_SCREEN = `calc(100dvh - ${HEADER_HEIGHT} - 2 * ${vars.space.md} - ${bottomBar})`;

/** On a phone the heading and the player share the first screen: held upright, the player's box
 * gives way to the heading above it; held sideways, it stands beside the heading. Elsewhere this is
 * not a box of its own. */
export const firstScreen = style({
  display: 'contents',
  '@media': {
    [MOBILE_QUERY]: {
      display: 'flex',
      flexDirection: 'column',
      gap: vars.space.md,
      maxHeight: FIRST_SCREEN,
      containerType: 'inline-size',
    },
    [PHONE_LANDSCAPE]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
      gridTemplateRows: 'auto auto minmax(0, 1fr)',
      alignContent: 'start',
      // At least the first screen: a heading longer than that pushes what follows down, not under it.
      minHeight: FIRST_SCREEN,
      maxHeight: 'none',
    },
  },
});
/** Upright, it starts at the player's full-width height (16:9 of the column) and shrinks; sideways it
 * is the whole height of the second column. The player fits inside it. */
export const stage = style({
  '@media': {
    [MOBILE_QUERY]: {
      flex: '0 1 calc(100cqw * 9 / 16)',
      minHeight: '120px',
      containerType: 'size',
    },
    [PHONE_LANDSCAPE]: { gridColumn: '2', gridRow: '1 / -1', minHeight: 0 },
  },
});
export const player = style({
  position: 'relative',
  width: '100%',
  aspectRatio: '16 / 9',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.color.aside,
  '@media': {
    // Only inside the signal page's stage (its size container): a wall tile's player fills its tile.
    [MOBILE_QUERY]: {
      selectors: { [`${stage} &`]: { width: 'min(100cqw, 100cqh * 16 / 9)', marginInline: 'auto' } },
    },
  },
});
export const video = style({ display: 'block', width: '100%', height: '100%', background: vars.color.aside });
export const overlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
  textAlign: 'center',
  color: vars.color.onAside,
});
export const overlayTitle = style({ margin: 0, fontSize: vars.font.sizeXl, fontWeight: 700 });
export const overlayText = style({ margin: 0, maxWidth: '420px', color: vars.color.onAside });
export const signals = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const signalLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&[aria-current="page"]': { borderColor: vars.color.primary, color: vars.color.primary, fontWeight: 700 },
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
