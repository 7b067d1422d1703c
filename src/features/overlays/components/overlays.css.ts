import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

/** A small dark stage, like the player, showing what the overlay draws. */
export const preview = style({
  flex: '0 0 96px',
  height: '54px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  borderRadius: vars.radius.sm,
  background: vars.color.aside,
  color: vars.color.onAside,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  padding: vars.space.xs,
  textAlign: 'center',
  overflowWrap: 'anywhere',
});

export const previewImage = style({ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' });

export const switches = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
