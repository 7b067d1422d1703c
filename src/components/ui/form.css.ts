import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

// Form rows every form shares (docs/ui.md): the two-column grid (one column on a phone), a group of
// fields, labels, radio chips, the textarea and the error line. TextField, Select and Switch bring
// their own; RadioGroup and TextArea (components/ui) are built from these.

/** Fields two by two; one column on a phone. `full` spans a field across. */
export const formGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const full = style({ gridColumn: '1 / -1' });
/** A group of controls under one label or legend (also a bare <fieldset>). */
export const fieldset = style({
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const fieldLabel = style({ fontWeight: 600, fontSize: vars.font.sizeSm });
/** A stack of switches. */
export const switches = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const radioRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const radio = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary, background: vars.color.surfaceAlt },
    '&:has(input:disabled)': { opacity: 0.6, cursor: 'not-allowed' },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const radioInput = style({
  width: '18px',
  height: '18px',
  margin: 0,
  accentColor: vars.color.primary,
});
export const textarea = style({
  minHeight: '96px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  resize: 'vertical',
  selectors: {
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 3px ${vars.color.focus}`,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});
export const errorText = style({
  margin: 0,
  fontSize: vars.font.sizeSm,
  fontWeight: 500,
  color: vars.color.danger,
});
