import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const inline = style({ flexDirection: 'row', alignItems: 'center', gap: vars.space.sm });
globalStyle(`${inline} > label`, { whiteSpace: 'nowrap' });
globalStyle(`${inline} > [data-part="control"]`, { flex: 'none', minWidth: '96px' });
export const label = style({ fontWeight: 600, fontSize: vars.font.sizeSm, color: vars.color.text });
export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeMd,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.text },
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 3px ${vars.color.focus}`,
    },
    '&[data-disabled]': { background: vars.color.surfaceAlt, cursor: 'not-allowed' },
  },
});
export const value = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const indicator = style({
  display: 'grid',
  placeItems: 'center',
  color: vars.color.textMuted,
  transition: 'transform 120ms',
  selectors: { '&[data-state="open"]': { transform: 'rotate(180deg)' } },
});
export const content = style({
  // The layer of a floating panel goes on its content (theme.css `z`); above dialogs, which a select
  // may open from.
  position: 'relative',
  zIndex: vars.z.toast,
  maxHeight: 'min(320px, var(--available-height, 320px))',
  overflowY: 'auto',
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
  outline: 'none',
});
export const item = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: '40px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&[data-highlighted]': { background: vars.color.surfaceAlt },
    '&[data-state="checked"]': { fontWeight: 600, color: vars.color.primary },
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});
