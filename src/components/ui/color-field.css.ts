import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
  selectors: { '&:disabled': { opacity: 0.7 } },
});
export const legend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontWeight: 600,
  fontSize: vars.font.sizeSm,
});
export const row = style({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: vars.space.sm });
export const preview = style({
  width: '44px',
  height: '44px',
  flex: 'none',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
  backgroundColor: vars.color.surface,
  backgroundImage: `linear-gradient(45deg, ${vars.color.border} 25%, transparent 25%, transparent 75%, ${vars.color.border} 75%), linear-gradient(45deg, ${vars.color.border} 25%, transparent 25%, transparent 75%, ${vars.color.border} 75%)`,
  backgroundSize: '12px 12px',
  backgroundPosition: '0 0, 6px 6px',
});
export const swatch = style({ display: 'block', width: '100%', height: '100%' });
export const color = style({
  width: '56px',
  height: '44px',
  padding: '2px',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&:disabled': { cursor: 'not-allowed' },
  },
});
export const hex = style({ minWidth: '72px', fontSize: vars.font.sizeSm, color: vars.color.textMuted });
export const opacity = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });
export const opacityLabel = style({ fontSize: vars.font.sizeSm });
export const number = style({
  width: '84px',
  minHeight: '44px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeMd,
  selectors: {
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 3px ${vars.color.focus}`,
    },
  },
});
