import { style } from '@vanilla-extract/css';

export const avatar = style({ borderRadius: '50%', objectFit: 'cover' });
