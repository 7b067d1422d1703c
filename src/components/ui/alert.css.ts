import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const alert = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: `4px solid ${vars.color.danger}`,
  background: `color-mix(in srgb, ${vars.color.danger} 9%, ${vars.color.surface})`,
  color: vars.color.text,
  fontSize: vars.font.sizeSm,
  selectors: {
    '&[data-tone="success"]': {
      borderLeftColor: vars.color.success,
      background: `color-mix(in srgb, ${vars.color.success} 10%, ${vars.color.surface})`,
    },
    '&[data-tone="info"]': { borderLeftColor: vars.color.primary, background: vars.color.surfaceAlt },
  },
});

export const icon = style({ flex: 'none', marginTop: '1px', color: vars.color.danger });

export const title = style({ display: 'block', fontWeight: 700, color: vars.color.danger });

export const body = style({ margin: 0 });
