import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Parsers of client text (subtitles, CSV) are generators that count their work in steps, about one
 * per character visited or copied, and pause when a slice of steps is used up. `runNow` runs one to
 * the end at once (unit tests, small trusted text); `runSliced` lets a turn of the event loop pass
 * between slices, so a request carrying megabytes of text never holds the loop for more than a slice
 * and the health check and every other request keep being answered while it is parsed. The meter lets
 * the fuzz tests bound the work by the input size (steps ≤ k·n) without timing anything.
 */
export interface Meter {
  steps: number;
}

/** Steps between two turns of the event loop: about a millisecond of scanning. */
export const SLICE_STEPS = 64 * 1024;

export type Scan<T> = Generator<undefined, T, undefined>;

export class Budget {
  private next = SLICE_STEPS;

  constructor(readonly meter: Meter = { steps: 0 }) {}

  tick(steps = 1): void {
    this.meter.steps += steps;
  }

  /** True (once) when a slice is used up: the scan then yields. */
  due(): boolean {
    if (this.meter.steps < this.next) return false;
    this.next = this.meter.steps + SLICE_STEPS;
    return true;
  }
}

export function runNow<T>(scan: Scan<T>): T {
  let step = scan.next();
  while (!step.done) step = scan.next();
  return step.value;
}

export async function runSliced<T>(scan: Scan<T>): Promise<T> {
  let step = scan.next();
  while (!step.done) {
    await nextTurn();
    step = scan.next();
  }
  return step.value;
}

/** What `\s` and `String.prototype.trim` count as white space (ECMAScript WhiteSpace and LineTerminator). */
export function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
