import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const linkRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
export const copyButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '44px',
  minHeight: '44px',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.primary,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}` },
    '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});
/** The snippet itself, readable and selectable; long URLs wrap instead of widening a phone's page. */
export const code = style({
  display: 'block',
  minWidth: 0,
  maxWidth: '100%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.font.sizeSm,
  overflowWrap: 'anywhere',
  wordBreak: 'break-all',
});
