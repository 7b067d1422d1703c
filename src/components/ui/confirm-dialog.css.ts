import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const danger = style({
  background: vars.color.danger,
  color: vars.color.onDanger,
  selectors: {
    '&:hover:not([aria-disabled="true"]):not(:disabled)': {
      background: vars.color.danger,
      filter: 'brightness(0.9)',
    },
  },
});
