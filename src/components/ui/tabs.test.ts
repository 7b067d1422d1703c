import { describe, expect, it } from 'vitest';
import { tabKeyTarget } from './tabs';

describe('tabKeyTarget', () => {
  it('moves right and left, wrapping at both ends', () => {
    expect(tabKeyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(tabKeyTarget('ArrowLeft', 2, 3)).toBe(1);
  });
  it('goes to the first and the last tab with Home and End', () => {
    expect(tabKeyTarget('Home', 2, 3)).toBe(0);
    expect(tabKeyTarget('End', 0, 3)).toBe(2);
  });
  it('leaves other keys (Enter, Space, Tab, letters) to the browser', () => {
    for (const key of ['Enter', ' ', 'Tab', 'a', 'ArrowDown']) expect(tabKeyTarget(key, 1, 3)).toBeNull();
    expect(tabKeyTarget('ArrowRight', 0, 0)).toBeNull();
  });
});
