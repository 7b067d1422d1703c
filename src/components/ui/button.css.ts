import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

const base = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '48px',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontWeight: 600,
  fontSize: vars.font.sizeMd,
  lineHeight: 1.2,
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 120ms, border-color 120ms, color 120ms',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[aria-disabled="true"], &:disabled': { cursor: 'not-allowed', opacity: 0.7 },
    '&[data-busy]': { cursor: 'progress' },
  },
});

export const variant = styleVariants({
  primary: [
    base,
    {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      selectors: {
        '&:hover:not([aria-disabled="true"]):not(:disabled)': { background: vars.color.primaryHover },
      },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.surface,
      color: vars.color.primary,
      borderColor: vars.color.primary,
      selectors: {
        '&:hover:not([aria-disabled="true"]):not(:disabled)': { background: vars.color.surfaceAlt },
      },
    },
  ],
  ghost: [
    base,
    {
      background: 'transparent',
      color: vars.color.primary,
      selectors: {
        '&:hover:not([aria-disabled="true"]):not(:disabled)': { background: vars.color.surfaceAlt },
      },
    },
  ],
});

export const block = style({ width: '100%' });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: '18px',
  height: '18px',
  flex: 'none',
  borderRadius: vars.radius.full,
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 700ms linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2s' } },
});
