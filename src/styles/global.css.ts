import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeMd,
  color: vars.color.text,
  background: vars.color.bg,
  lineHeight: 1.5,
  WebkitTextSizeAdjust: '100%',
});
globalStyle('body', { overflowX: 'hidden' });
globalStyle('a', { color: vars.color.primary });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' });
globalStyle('button, input, select, textarea', { font: 'inherit' });
globalStyle('#splash', {
  position: 'fixed',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  background: vars.color.aside,
  color: vars.color.onAside,
  zIndex: vars.z.splash,
  transition: 'opacity 200ms',
});
globalStyle('#splash[data-hidden]', { opacity: 0, pointerEvents: 'none' });
globalStyle('.splash-mark', { width: '160px', height: '160px' });
globalStyle('.splash-logo', { fontSize: '2rem', fontWeight: 700, letterSpacing: '0.05em' });
