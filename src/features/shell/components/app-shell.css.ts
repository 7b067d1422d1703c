import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

const ASIDE_WIDTH = '248px';

export const shell = style({
  display: 'grid',
  gridTemplateColumns: `${ASIDE_WIDTH} minmax(0, 1fr)`,
  minHeight: '100dvh',
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const skipLink = style({
  position: 'absolute',
  left: vars.space.sm,
  top: '-100px',
  zIndex: vars.z.toast,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  borderRadius: vars.radius.md,
  selectors: { '&:focus': { top: vars.space.sm } },
});
export const aside = style({
  position: 'sticky',
  top: 0,
  height: '100dvh',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.aside,
  color: vars.color.onAside,
  zIndex: vars.z.aside,
});
export const brand = style({
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.md}`,
  fontSize: vars.font.sizeLg,
  fontWeight: 700,
  letterSpacing: '0.05em',
});
export const column = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
// The end of every page can scroll clear of the floating scroll-to-top button (48 px, lg from the
// corner), so it never covers the last controls, such as a pagination's next-page button.
const clearOfScrollTop = `calc(48px + 2 * ${vars.space.lg})`;
export const main = style({
  flex: 1,
  minWidth: 0,
  padding: vars.space.lg,
  paddingBottom: clearOfScrollTop,
  outline: 'none',
  '@media': { [MOBILE_QUERY]: { padding: vars.space.md, paddingBottom: clearOfScrollTop } },
});
export const page = style({ minWidth: 0 });
export const scrollTop = style({
  position: 'fixed',
  right: vars.space.lg,
  bottom: vars.space.lg,
  zIndex: vars.z.header,
  display: 'grid',
  placeItems: 'center',
  width: '48px',
  height: '48px',
  border: 0,
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  boxShadow: vars.shadow.md,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.primaryHover } },
  '@media': { [MOBILE_QUERY]: { right: vars.space.md, bottom: vars.space.md } },
});
