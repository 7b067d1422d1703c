import { createGlobalTheme } from '@vanilla-extract/css';

/** Every style value comes from here. Colours meet WCAG AA contrast on their backgrounds. */
export const vars = createGlobalTheme(':root', {
  color: {
    bg: '#f5f5f9',
    surface: '#ffffff',
    surfaceAlt: '#eeedf5',
    text: '#1c1a29',
    textMuted: '#55526a',
    border: '#d9d7e6',
    primary: '#5a32c8',
    primaryHover: '#4a25ad',
    onPrimary: '#ffffff',
    danger: '#b3261e',
    onDanger: '#ffffff',
    success: '#1b6e3a',
    warning: '#8a5a00',
    aside: '#14121f',
    onAside: '#e9e7f5',
    asideMuted: '#a9a5c2',
    focus: '#2f6fed',
    overlay: 'rgba(20, 18, 31, 0.55)',
  },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px', xxl: '48px' },
  radius: { sm: '4px', md: '8px', lg: '16px', full: '999px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    sizeSm: '0.875rem',
    sizeMd: '1rem',
    sizeLg: '1.25rem',
    sizeXl: '1.75rem',
  },
  shadow: { sm: '0 1px 2px rgba(0,0,0,.08)', md: '0 4px 16px rgba(20,18,31,.14)' },
  // Layers. A floating panel (menu, popover, select) takes its layer on its content: Ark's (zag's)
  // positioner uses `var(--z-index)`, which zag sets inline from the content's computed z-index when it
  // opens, so a --z-index given to the positioner by a class is overwritten.
  z: { aside: '20', header: '30', overlay: '40', toast: '50', splash: '60' },
  duration: { page: '200ms' },
});

/** The height of a bar fixed along the bottom of the screen (the offline banner), set on the root
 * element by that bar while it shows: panels that reach the bottom edge (the menu drawer) keep their
 * content above it. */
export const BOTTOM_BAR_PROPERTY = '--palco-bottom-bar';
export const bottomBar = `var(${BOTTOM_BAR_PROPERTY}, 0px)`;

/** The app header's height: the toasts start below it, never over its controls. */
export const HEADER_HEIGHT = '64px';

/** SPEC §9: mobile layout below 930 px. */
export const MOBILE_QUERY = 'screen and (max-width: 929.98px)';
export const DESKTOP_QUERY = 'screen and (min-width: 930px)';
