import { style } from '@vanilla-extract/css';
import { crumb, crumbSep, crumbs } from '@/components/ui/folder-breadcrumb.css';
import { vars } from '@/styles/theme.css';

export const nav = style({ marginBottom: vars.space.sm, fontSize: vars.font.sizeSm });
// The same wrapping line as a library's folder path (its font size is the nav's).
export const list = style([crumbs, { color: vars.color.textMuted }]);
export const item = crumb;
export const separator = crumbSep;
export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  // A touch target of its own on a phone.
  minHeight: '32px',
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
});
