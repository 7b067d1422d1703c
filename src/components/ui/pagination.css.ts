import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const root = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });
const control = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '40px',
  minHeight: '40px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:hover:not([data-disabled]):not([data-selected])': { background: vars.color.surfaceAlt },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});
export const item = style([
  control,
  {
    selectors: {
      '&[data-selected]': {
        background: vars.color.primary,
        borderColor: vars.color.primary,
        color: vars.color.onPrimary,
        cursor: 'default',
      },
    },
  },
]);
export const arrow = control;
export const ellipsis = style({ minWidth: '24px', textAlign: 'center', color: vars.color.textMuted });
