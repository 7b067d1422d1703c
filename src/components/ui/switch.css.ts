import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const root = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  minHeight: '44px',
  cursor: 'pointer',
  selectors: {
    '&[data-disabled]': { cursor: 'not-allowed' },
    '&[data-busy]': { cursor: 'progress' },
  },
});
export const text = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const label = style({ fontWeight: 600, color: vars.color.text });
export const hint = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted });
export const control = style({
  flex: 'none',
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  width: '48px',
  height: '28px',
  padding: '3px',
  borderRadius: vars.radius.full,
  background: vars.color.textMuted,
  transition: 'background-color 120ms',
  selectors: {
    '&[data-state="checked"]': { background: vars.color.primary },
    '&[data-disabled]': { opacity: 0.55 },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const thumb = style({
  width: '22px',
  height: '22px',
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  transition: 'transform 120ms',
  selectors: { '&[data-state="checked"]': { transform: 'translateX(20px)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
