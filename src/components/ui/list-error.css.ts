import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

/** No data to show (a failed fetch, or an empty list such as the records'): the whole list area. */
export const block = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  textAlign: 'center',
});
export const icon = style({ color: vars.color.textMuted });
export const title = style({ margin: 0, fontSize: vars.font.sizeLg });
export const text = style({ margin: 0, maxWidth: '420px', color: vars.color.textMuted });

/** Data shown, but not fresh: a bar above it. */
export const note = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: `4px solid ${vars.color.warning}`,
  background: vars.color.surfaceAlt,
  fontSize: vars.font.sizeSm,
});
