import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const root = style({
  position: 'relative',
  minWidth: '280px',
  maxWidth: 'min(92vw, 380px)',
  padding: `${vars.space.md} ${vars.space.xl} ${vars.space.md} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  background: vars.color.surface,
  color: vars.color.text,
  borderLeft: `6px solid ${vars.color.primary}`,
  zIndex: vars.z.toast,
  translate: 'var(--x) var(--y)',
  scale: 'var(--scale)',
  opacity: 'var(--opacity)',
  height: 'var(--height)',
  transition: 'translate 200ms, scale 200ms, opacity 200ms, height 200ms',
  selectors: {
    '&[data-kind="error"]': {
      background: vars.color.danger,
      color: vars.color.onDanger,
      borderLeftColor: '#7a1410',
    },
    '&[data-kind="success"]': { borderLeftColor: vars.color.success },
    '&[data-kind="warning"]': { borderLeftColor: vars.color.warning },
  },
});
export const title = style({ fontWeight: 700 });
export const description = style({ fontSize: vars.font.sizeSm });
export const close = style({
  position: 'absolute',
  top: vars.space.xs,
  right: vars.space.xs,
  background: 'transparent',
  border: 0,
  color: 'inherit',
  fontSize: vars.font.sizeLg,
  cursor: 'pointer',
  minWidth: '32px',
  minHeight: '32px',
});
