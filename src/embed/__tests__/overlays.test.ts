import { describe, expect, it } from 'vitest';
import { placement, safeImageUrl, widthOf } from '../overlays';

describe('overlay layout', () => {
  it('puts each position in its corner, and the centre in the middle', () => {
    expect(placement('top-left')).toEqual({ top: '3%', left: '3%' });
    expect(placement('bottom-right')).toEqual({ bottom: '3%', right: '3%' });
    expect(placement('center')).toMatchObject({ top: '50%', left: '50%' });
  });

  it('keeps the width inside 5..100 % of the player', () => {
    expect(widthOf({ widthPercent: 30 })).toBe('30%');
    expect(widthOf({ widthPercent: 500 })).toBe('100%');
    expect(widthOf({ widthPercent: 0 })).toBe('5%');
    expect(widthOf({ widthPercent: Number.NaN })).toBe('20%');
  });

  it('draws images from our media paths or http(s) only', () => {
    const base = 'https://palco.example/embed/x';
    expect(safeImageUrl('/media/overlays/a/b.png', base)).toBe(
      'https://palco.example/media/overlays/a/b.png',
    );
    expect(safeImageUrl('javascript:alert(1)', base)).toBeNull();
    expect(safeImageUrl('data:image/svg+xml,<svg onload=alert(1)>', base)).toBeNull();
    expect(safeImageUrl(null, base)).toBeNull();
  });
});
