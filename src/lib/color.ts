/** SPEC §5: colours convert between rgba text and hex plus an opacity percent. */

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0–1 */
  a: number;
}

export interface HexOpacity {
  /** `#rrggbb`, lower case. */
  hex: string;
  /** 0–100, whole percent. */
  opacity: number;
}

const RGBA_RE = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(\d*\.?\d+)\s*(%?)\s*)?\)$/i;
const HEX_RE = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** rgba()/rgb() text (alpha as 0–1 or a percent) or #rgb/#rrggbb/#rrggbbaa; null when it is not a colour. */
export function parseColor(text: string): Rgba | null {
  const value = text.trim();
  const rgba = RGBA_RE.exec(value);
  if (rgba) {
    const [r, g, b] = [Number(rgba[1]), Number(rgba[2]), Number(rgba[3])];
    let a = rgba[4] === undefined ? 1 : Number(rgba[4]);
    if (rgba[5] === '%') a /= 100;
    if ([r, g, b].some((c) => c > 255) || !(a >= 0 && a <= 1)) return null;
    return { r, g, b, a };
  }
  const hex = HEX_RE.exec(value);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
    const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
    const a = digits.length === 8 ? Number.parseInt(digits.slice(6), 16) / 255 : 1;
    return { r, g, b, a };
  }
  return null;
}

const byte = (n: number) => clamp(Math.round(n), 0, 255).toString(16).padStart(2, '0');

/** `rgba(r, g, b, a)` with the alpha rounded to two decimals (the way the API stores it). */
export function formatRgba({ r, g, b, a }: Rgba): string {
  const alpha = Math.round(clamp(a, 0, 1) * 100) / 100;
  return `rgba(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)}, ${alpha})`;
}

/** rgba text → `#rrggbb` and a whole opacity percent; null when the text is not a colour. */
export function rgbaToHexOpacity(text: string): HexOpacity | null {
  const c = parseColor(text);
  if (!c) return null;
  return { hex: `#${byte(c.r)}${byte(c.g)}${byte(c.b)}`, opacity: Math.round(c.a * 100) };
}

/** `#rrggbb` (or #rgb) and an opacity percent (clamped to 0–100) → rgba text; null for a bad hex. */
export function hexOpacityToRgba(hex: string, opacity: number): string | null {
  const c = HEX_RE.exec(hex.trim());
  if (!c || c[1]!.length === 8) return null;
  const rgb = parseColor(`#${c[1]}`)!;
  const percent = Number.isFinite(opacity) ? clamp(Math.round(opacity), 0, 100) : 100;
  return formatRgba({ ...rgb, a: percent / 100 });
}

/** The same colour in both notations (for comparing what the user picked with what is stored). */
export function sameColor(x: string, y: string): boolean {
  const a = parseColor(x);
  const b = parseColor(y);
  if (!a || !b) return x.trim() === y.trim();
  return formatRgba(a) === formatRgba(b);
}
