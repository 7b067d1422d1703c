import { style } from '@vanilla-extract/css';
import { visuallyHidden } from '@/components/ui/layout.css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
  maxWidth: '280px',
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  textAlign: 'start',
  selectors: { '&:hover, &[data-state="open"]': { borderColor: vars.color.primary } },
  '@media': {
    [MOBILE_QUERY]: {
      maxWidth: 'none',
      flex: 1,
      gap: vars.space.xs,
      padding: `${vars.space.xs} ${vars.space.sm}`,
    },
  },
});
export const triggerText = style({ display: 'grid', minWidth: 0, flex: 1, lineHeight: 1.2 });
export const triggerLabel = style({
  fontSize: '0.75rem',
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  // On a phone the team's name gets the room (the label stays for screen readers).
  '@media': {
    [MOBILE_QUERY]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      margin: '-1px',
      clip: 'rect(0 0 0 0)',
    },
  },
});
export const triggerValue = style({
  fontWeight: 600,
  fontSize: vars.font.sizeSm,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const searchRow = style({ display: 'flex', gap: vars.space.sm, marginBottom: vars.space.sm });
export const searchLabel = visuallyHidden;
export const search = style({
  flex: 1,
  minWidth: 0,
  minHeight: '40px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
});
export const clear = style({
  minHeight: '40px',
  padding: `0 ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.primary,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceAlt },
    '&:disabled': { color: vars.color.textMuted, cursor: 'default' },
  },
});
/** SPEC §2.2: the team list is at most 230 px tall. */
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  maxHeight: '230px',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
});
export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceAlt },
    '&[aria-current="true"]': { color: vars.color.primary, fontWeight: 600 },
    '&:disabled': { cursor: 'progress' },
  },
});
export const optionText = style({ display: 'grid', flex: 1, minWidth: 0, lineHeight: 1.3 });
export const optionName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const optionRole = style({ fontSize: '0.75rem', color: vars.color.textMuted, fontWeight: 400 });
export const empty = style({
  padding: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
});
