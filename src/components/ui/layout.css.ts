import { style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

// The page frame every console page shares (docs/ui.md): the column, its heading row, the title, the
// row of page actions, and the small texts. Pages compose these instead of writing their own copies.

/** Read by screen readers, not shown. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
/** A page (or a section of one): a column of blocks, md apart. */
export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
/** The title row: the h1 on the left, the page actions on the right (wrapping under it on a phone). */
export const pageHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
/** The page's h1 (a long name breaks anywhere rather than widen the page). */
export const pageTitle = style({
  margin: 0,
  fontSize: vars.font.sizeXl,
  lineHeight: 1.25,
  overflowWrap: 'anywhere',
});
/** A row of buttons: the whole width on a phone. */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  '@media': { [MOBILE_QUERY]: { width: '100%' } },
});
/** A count on a button (how many filters are on). */
export const countBadge = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '22px',
  height: '22px',
  padding: '0 6px',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: '0.75rem',
  fontWeight: 700,
});
/** Secondary text: hints, totals, statuses. */
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm });

/** A row of controls above a list (tabs, search, filters, bulk actions). */
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
/** A framed block of the page: a titled section of a form or of the control panel. */
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  minWidth: 0,
  '@media': { [MOBILE_QUERY]: { padding: vars.space.md } },
});
export const cardTitle = style({ margin: 0, fontSize: vars.font.sizeLg, lineHeight: 1.3 });
/** The frame around a table or a list of cards (it clips their corners). */
export const surface = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  minWidth: 0,
  overflow: 'hidden',
});
/** An inline link in the accent colour; `backLink` is the "← Back to …" link above a page title. */
export const link = style({
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  overflowWrap: 'anywhere',
});
export const backLink = style([
  link,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    minHeight: '44px',
    alignSelf: 'flex-start',
  },
]);
