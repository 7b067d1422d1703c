import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

/** Wider than the default dialog (two selectors beat the wrapper's one). */
export const wide = style({ selectors: { '&&': { maxWidth: '720px' } } });
export const medium = style({ selectors: { '&&': { maxWidth: '560px' } } });
export const danger = style({
  selectors: {
    '&&': { background: vars.color.danger, color: vars.color.onDanger },
    '&&:hover:not([aria-disabled="true"]):not(:disabled)': {
      background: vars.color.danger,
      filter: 'brightness(0.9)',
    },
  },
});
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const textareaField = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const fieldError = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
});
export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});
export const legend = style({ padding: `0 ${vars.space.xs}`, fontWeight: 700 });
export const images = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const preview = style({
  display: 'block',
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.aside,
});
export const previewEmpty = style([
  preview,
  { display: 'grid', placeItems: 'center', color: vars.color.asideMuted },
]);
export const pendingRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const subtitleList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const subtitleRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: '44px',
  paddingLeft: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
});
export const subtitleForm = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(160px, 220px) minmax(0, 1fr)',
  gap: vars.space.sm,
  alignItems: 'end',
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const player = style({
  display: 'block',
  width: '100%',
  aspectRatio: '16 / 9',
  background: '#000',
  borderRadius: vars.radius.md,
});
export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
});
export const footerRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

/** The automatic-subtitles button, its hint, progress and outcome. */
export const autoSubtitles = style({
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'start',
});
