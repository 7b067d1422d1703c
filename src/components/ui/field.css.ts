import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const label = style({ fontWeight: 600, fontSize: vars.font.sizeSm, color: vars.color.text });

export const control = style({ position: 'relative', display: 'flex', alignItems: 'stretch' });

export const input = style({
  flex: 1,
  minWidth: 0,
  minHeight: '48px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeMd,
  transition: 'border-color 120ms, box-shadow 120ms',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted },
    '&:hover': { borderColor: vars.color.text },
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 3px ${vars.color.focus}`,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&[aria-invalid="true"]:focus-visible': { boxShadow: `0 0 0 3px ${vars.color.danger}` },
    '&:disabled': { background: vars.color.surfaceAlt, cursor: 'not-allowed' },
  },
});

/** Room on the right for the show/hide button. */
export const withAdornment = style({ paddingRight: '56px' });

export const adornment = style({
  position: 'absolute',
  top: 0,
  right: 0,
  bottom: 0,
  display: 'flex',
  alignItems: 'center',
  paddingRight: vars.space.xs,
});

export const toggle = style({
  display: 'grid',
  placeItems: 'center',
  width: '44px',
  height: '40px',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceAlt },
    '&[aria-pressed="true"]': { color: vars.color.primary },
  },
});

export const error = style({
  display: 'flex',
  gap: vars.space.xs,
  alignItems: 'flex-start',
  margin: 0,
  fontSize: vars.font.sizeSm,
  fontWeight: 500,
  color: vars.color.danger,
});

export const errorIcon = style({ flex: 'none', marginTop: '2px' });
