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
