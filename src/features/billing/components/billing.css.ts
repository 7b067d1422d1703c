import { globalStyle, style } from '@vanilla-extract/css';
import { MOBILE_QUERY, vars } from '@/styles/theme.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  '@media': { [MOBILE_QUERY]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const meter = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const meterHead = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm });
export const figure = style({ fontWeight: 600, fontVariantNumeric: 'tabular-nums' });
export const chart = style({ minHeight: '180px', minWidth: 0, overflow: 'hidden' });
export const chartTitle = style({ margin: 0, fontSize: vars.font.sizeSm, fontWeight: 600 });
export const number = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
export const blockedBadge = style({
  display: 'inline-block',
  padding: '2px 10px',
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: vars.color.onDanger,
  fontSize: vars.font.sizeSm,
  fontWeight: 700,
});
export const statement = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.md });
export const statementHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const cell = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

/**
 * Printing a statement: the body carries `data-billing-print` while the print dialog is open, and only
 * the statement marked `data-print-area` is shown, at the top of the page (no menu, header or buttons).
 */
export const PRINT_ATTRIBUTE = 'data-billing-print';
globalStyle(`body[${PRINT_ATTRIBUTE}] *`, { '@media': { print: { visibility: 'hidden' } } });
globalStyle(`body[${PRINT_ATTRIBUTE}] [data-print-area], body[${PRINT_ATTRIBUTE}] [data-print-area] *`, {
  '@media': { print: { visibility: 'visible' } },
});
globalStyle(`body[${PRINT_ATTRIBUTE}] [data-print-area]`, {
  '@media': { print: { position: 'absolute', insetInlineStart: 0, top: 0, width: '100%', border: 'none' } },
});
globalStyle(`body[${PRINT_ATTRIBUTE}] [data-print-hide]`, { '@media': { print: { display: 'none' } } });
export const fullTable = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeSm });
