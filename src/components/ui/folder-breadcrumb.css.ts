import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

// The folder path over a library page (VOD, VOD analytics): one wrapping line of links.
export const crumbs = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.font.sizeSm,
});
export const crumb = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
export const crumbLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '32px',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[aria-current="page"]': { color: vars.color.text },
  },
});
export const crumbSep = style({ color: vars.color.textMuted });
