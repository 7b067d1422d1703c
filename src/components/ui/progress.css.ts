import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const track = style({
  position: 'relative',
  width: '100%',
  height: '8px',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceAlt,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  overflow: 'hidden',
});

export const bar = style({
  height: '100%',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  transition: 'width 300ms ease-out',
  selectors: {
    [`${track}[data-tone="success"] &`]: { background: vars.color.success },
    [`${track}[data-tone="danger"] &`]: { background: vars.color.danger },
    [`${track}[data-tone="muted"] &`]: { background: vars.color.textMuted },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
