import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

/** The live picker beside the title; the whole width on a phone. */
export const picker = style({
  minWidth: '280px',
  '@media': { [MOBILE_QUERY]: { minWidth: 0, width: '100%' } },
});

export const liveHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space.xs} ${vars.space.md}`,
});
export const liveTitle = style({ margin: 0, fontSize: vars.font.sizeLg, overflowWrap: 'anywhere' });

/** A label and a hint in the quality card and the chart legend (as the figure cards write them). */
export const figureLabel = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });
export const figureHint = style({ color: vars.color.textMuted, fontSize: '0.75rem' });

/** Charts two by two; one column, the whole width, on a phone. */
export const charts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const chartHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const chartFigure = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const chart = style({ minHeight: '200px', minWidth: 0, overflow: 'hidden' });
export const chartPlaceholder = style({
  minHeight: '200px',
  display: 'grid',
  placeItems: 'center',
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  textAlign: 'center',
});

export const legend = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.font.sizeSm,
});
export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
export const swatch = style({
  display: 'inline-block',
  width: '12px',
  height: '12px',
  borderRadius: vars.radius.sm,
  flexShrink: 0,
});
export const number = style({ fontWeight: 600, fontVariantNumeric: 'tabular-nums' });

/** The blocks under the charts (CDN, places, systems, signals): two columns, one on a phone. */
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeSm });
export const cell = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  verticalAlign: 'top',
});
export const numberCell = style([cell, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }]);
export const tableScroll = style({ overflowX: 'auto', minWidth: 0 });

/** A labelled horizontal bar (views per system, quality shares). */
export const bars = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const barHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.font.sizeSm,
});
export const barTrack = style({
  height: '8px',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceAlt,
  overflow: 'hidden',
});
export const barFill = style({
  height: '100%',
  background: vars.color.primary,
  borderRadius: vars.radius.full,
});

/** The credits the geo and network databases ask for: small, under the figures they fed. */
export const attributions = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: '0.75rem',
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.sm}`,
});
export const attributionLink = style({ color: 'inherit', textDecoration: 'underline' });
