import { describe, expect, it } from 'vitest';
import { formatRgba, hexOpacityToRgba, parseColor, rgbaToHexOpacity, sameColor } from '@/lib/color';

describe('rgba → hex + opacity', () => {
  it('converts the API colour to the picker values', () => {
    expect(rgbaToHexOpacity('rgba(90, 50, 200, 1)')).toEqual({ hex: '#5a32c8', opacity: 100 });
    expect(rgbaToHexOpacity('rgba(255,255,255,0.5)')).toEqual({ hex: '#ffffff', opacity: 50 });
    expect(rgbaToHexOpacity('rgb(0, 0, 0)')).toEqual({ hex: '#000000', opacity: 100 });
    expect(rgbaToHexOpacity('rgba(1, 2, 3, .07)')).toEqual({ hex: '#010203', opacity: 7 });
    expect(rgbaToHexOpacity('rgba(1, 2, 3, 40%)')).toEqual({ hex: '#010203', opacity: 40 });
  });
  it('reads hex text too', () => {
    expect(rgbaToHexOpacity('#ABC')).toEqual({ hex: '#aabbcc', opacity: 100 });
    expect(rgbaToHexOpacity('#00000080')).toEqual({ hex: '#000000', opacity: 50 });
  });
  it('refuses what is not a colour', () => {
    for (const bad of ['', 'red', 'rgba(256, 0, 0, 1)', 'rgba(0, 0, 0, 2)', '#12', 'rgba(1,2)'])
      expect(rgbaToHexOpacity(bad), bad).toBeNull();
  });
});

describe('hex + opacity → rgba', () => {
  it('writes rgba text with the opacity as a fraction', () => {
    expect(hexOpacityToRgba('#5a32c8', 100)).toBe('rgba(90, 50, 200, 1)');
    expect(hexOpacityToRgba('#FFFFFF', 50)).toBe('rgba(255, 255, 255, 0.5)');
    expect(hexOpacityToRgba('#000', 0)).toBe('rgba(0, 0, 0, 0)');
    expect(hexOpacityToRgba('#010203', 7)).toBe('rgba(1, 2, 3, 0.07)');
  });
  it('clamps and rounds the percent', () => {
    expect(hexOpacityToRgba('#000000', 150)).toBe('rgba(0, 0, 0, 1)');
    expect(hexOpacityToRgba('#000000', -5)).toBe('rgba(0, 0, 0, 0)');
    expect(hexOpacityToRgba('#000000', 33.6)).toBe('rgba(0, 0, 0, 0.34)');
    expect(hexOpacityToRgba('#000000', Number.NaN)).toBe('rgba(0, 0, 0, 1)');
  });
  it('refuses a bad hex', () => {
    expect(hexOpacityToRgba('5a32c', 100)).toBeNull();
    expect(hexOpacityToRgba('#00000080', 100)).toBeNull();
  });
  it('round-trips', () => {
    for (const c of ['rgba(90, 50, 200, 1)', 'rgba(20, 18, 31, 0.85)', 'rgba(0, 128, 255, 0)']) {
      const { hex, opacity } = rgbaToHexOpacity(c)!;
      expect(hexOpacityToRgba(hex, opacity)).toBe(c);
    }
  });
});

describe('parseColor / sameColor', () => {
  it('parses and formats', () => {
    expect(parseColor(' rgba( 1 , 2 , 3 , 0.25 ) ')).toEqual({ r: 1, g: 2, b: 3, a: 0.25 });
    expect(formatRgba({ r: 1.4, g: 2.6, b: 3, a: 0.333 })).toBe('rgba(1, 3, 3, 0.33)');
  });
  it('compares across notations', () => {
    expect(sameColor('#5a32c8', 'rgba(90, 50, 200, 1)')).toBe(true);
    expect(sameColor('rgba(90,50,200,1)', 'rgba(90, 50, 200, 0.9)')).toBe(false);
  });
});
