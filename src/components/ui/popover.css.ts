import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

// Ark's positioner reads its z-index from --z-index.
export const positioner = style({ vars: { '--z-index': vars.z.overlay } });
export const content = style({
  width: 'min(calc(100vw - 16px), 320px)',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.md,
  outline: 'none',
});
export const title = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.font.sizeMd, fontWeight: 700 });
