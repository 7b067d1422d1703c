import { style } from '@vanilla-extract/css';
import { HEADER_HEIGHT, MOBILE_QUERY, vars } from '@/styles/theme.css';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.z.header,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: HEADER_HEIGHT,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [MOBILE_QUERY]: { gap: vars.space.xs, padding: `${vars.space.sm} ${vars.space.sm}` } },
});
export const team = style({ display: 'flex', flex: 1, minWidth: 0 });
// On a phone the 44 px targets sit side by side: the team selector gets the width.
export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexShrink: 0,
  '@media': { [MOBILE_QUERY]: { gap: 0 } },
});
export const iconButton = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '44px',
  height: '44px',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceAlt } },
});
export const language = style({ display: 'flex' });
export const select = style({
  minHeight: '44px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
});
export const logout = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  minWidth: '44px',
  justifyContent: 'center',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 600,
  fontSize: vars.font.sizeSm,
  selectors: { '&:hover': { background: vars.color.surfaceAlt } },
});
export const logoutText = style({ '@media': { [MOBILE_QUERY]: visuallyHiddenRules() } });

function visuallyHiddenRules() {
  return {
    position: 'absolute',
    width: '1px',
    height: '1px',
    padding: 0,
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  } as const;
}
