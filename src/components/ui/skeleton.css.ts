import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });

export const skeleton = style({
  display: 'block',
  height: '1em',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  animation: `${pulse} 1.4s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const circle = style({ borderRadius: vars.radius.full });
