import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

// A live's status (coloured pill with its word).
const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '6px',
  padding: '2px 10px',
  borderRadius: vars.radius.full,
  fontSize: vars.font.sizeSm,
  fontWeight: 700,
  whiteSpace: 'nowrap',
  border: '1px solid currentColor',
});
export const badge = styleVariants({
  live: [badgeBase, { color: vars.color.danger }],
  paused: [badgeBase, { color: vars.color.warning }],
  scheduled: [badgeBase, { color: vars.color.primary }],
  finished: [badgeBase, { color: vars.color.textMuted }],
});

// A video's status (coloured label; uploading and processing show their percent).
export const videoStatus = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: '0.8125rem',
  fontWeight: 600,
  whiteSpace: 'nowrap',
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  selectors: {
    '&[data-status="ready"]': { color: vars.color.success },
    '&[data-status="failed"]': { color: vars.color.danger },
    '&[data-status="processing"], &[data-status="uploading"]': { color: vars.color.primary },
  },
});

// A failed video's reason, under its status: wraps (a phone's card is narrow).
export const failure = style({
  display: 'block',
  maxWidth: '32ch',
  marginTop: vars.space.xs,
  color: vars.color.danger,
  fontSize: vars.font.sizeSm,
  overflowWrap: 'anywhere',
  whiteSpace: 'normal',
});
