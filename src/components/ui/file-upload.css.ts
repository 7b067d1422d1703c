import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const root = style({ display: 'block', minWidth: 0 });

export const dropzone = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  minHeight: '88px',
  padding: vars.space.md,
  border: `2px dashed ${vars.color.textMuted}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  textAlign: 'center',
  cursor: 'pointer',
  transition: 'background-color 120ms, border-color 120ms',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-dragging]': { borderColor: vars.color.primary, background: vars.color.surfaceAlt },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.7 },
  },
  '@media': { [MOBILE_QUERY]: { minHeight: '64px', flexDirection: 'column', gap: vars.space.xs } },
});

export const compact = style({
  selectors: {
    '&&': { minHeight: '48px', padding: vars.space.sm, gap: vars.space.sm, flexDirection: 'row' },
  },
});
export const icon = style({ flex: 'none', color: vars.color.primary });
export const text = style({ display: 'flex', flexDirection: 'column', gap: '2px' });
export const title = style({ fontWeight: 600 });
export const hint = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted });
