import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

/** Shared by the signed-out pages. */
export const title = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.font.sizeXl,
  lineHeight: 1.2,
  color: vars.color.text,
});

export const lead = style({ margin: `0 0 ${vars.space.lg}`, color: vars.color.textMuted });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
});

export const rowEnd = style({
  display: 'flex',
  justifyContent: 'flex-end',
  marginTop: `calc(-1 * ${vars.space.xs})`,
});

export const textLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '32px',
  fontWeight: 600,
  fontSize: vars.font.sizeSm,
  color: vars.color.primary,
  textUnderlineOffset: '3px',
  selectors: { '&:hover': { color: vars.color.primaryHover } },
});

export const centered = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.sm,
});

export const badge = style({
  display: 'grid',
  placeItems: 'center',
  width: '64px',
  height: '64px',
  marginBottom: vars.space.sm,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceAlt,
  color: vars.color.primary,
  selectors: { '&[data-tone="success"]': { color: vars.color.success } },
});

export const address = style({
  display: 'inline-block',
  maxWidth: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontWeight: 600,
  overflowWrap: 'anywhere',
});

export const fullWidth = style({ width: '100%' });
