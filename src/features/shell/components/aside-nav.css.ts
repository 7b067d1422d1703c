import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 });
export const nav = style({ flex: 1, padding: `0 ${vars.space.sm} ${vars.space.md}` });
export const section = style({
  selectors: {
    '& + &': {
      marginTop: vars.space.sm,
      paddingTop: vars.space.sm,
      borderTop: '1px solid rgba(233,231,245,.12)',
    },
  },
});
export const sectionTitle = style({
  margin: `${vars.space.sm} ${vars.space.sm} ${vars.space.xs}`,
  fontSize: '0.75rem',
  fontWeight: 700,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.asideMuted,
});
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '2px' });
export const link = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '40px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.onAside,
  textDecoration: 'none',
  fontSize: vars.font.sizeSm,
  selectors: {
    '&:hover': { background: 'rgba(233,231,245,.08)' },
    // The filled background marks the current page; the weight stays, so 'Histórico de
    // transmissões' does not wrap when it opens and the entries below it do not move.
    '&[aria-current="page"]': {
      background: vars.color.primary,
      color: vars.color.onPrimary,
    },
    '&:focus-visible': { outlineColor: vars.color.onAside },
  },
});
export const label = style({ flex: 1, minWidth: 0 });
export const beta = style({
  padding: '0 6px',
  borderRadius: vars.radius.full,
  border: '1px solid currentColor',
  fontSize: '0.6875rem',
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});
export const version = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.md}`,
  fontSize: '0.75rem',
  color: vars.color.asideMuted,
});
