import { globalStyle, style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
  gap: vars.space.md,
  alignItems: 'start',
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
export const control = style({ borderColor: vars.color.primary, borderWidth: '2px' });
export const controlButtons = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.sm,
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const endButton = style({
  color: vars.color.danger,
  borderColor: vars.color.danger,
});
/** A signal, a simulcast destination: one under the other, a line between. */
export const signal = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: `${vars.space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});
export const picture = style({ maxWidth: '480px', width: '100%' });
export const signalVideo = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.textMuted });
/** A row's head: its name on the left, a link or state on the right, wrapping on a narrow screen. */
export const rowHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const thumbs = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.sm,
});
export const thumb = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
});
export const thumbImage = style({
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
});
export const thumbEmpty = style([thumbImage, { display: 'grid', placeItems: 'center' }]);
export const linkRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
// Moves the status does not allow must read as unavailable, not as a lighter primary button.
globalStyle(`${controlButtons} > button:disabled`, {
  background: vars.color.surfaceAlt,
  borderColor: vars.color.border,
  color: vars.color.textMuted,
  opacity: 1,
});
export const viewers = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const simulcastList = style({ listStyle: 'none', margin: 0, padding: 0 });
export const simulcastName = style({ minWidth: 0, overflowWrap: 'anywhere' });
export const simulcastState = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  border: '1px solid currentColor',
  color: vars.color.textMuted,
  selectors: {
    '&[data-state="live"]': { color: vars.color.danger },
    '&[data-state="starting"]': { color: vars.color.primary },
    '&[data-state="failed"]': { color: vars.color.warning },
  },
});
export const simulcastReason = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.danger });
