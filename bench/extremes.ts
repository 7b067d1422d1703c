// Largest and smallest of many figures in one loop: `Math.max(...values)` passes every value as an
// argument on the stack, and past about 100,000 of them (the analytics bench's latencies at 20,000
// viewers) it throws "Maximum call stack size exceeded". Empty: -Infinity / Infinity, as Math.max/min.
export function maxOf(values: Iterable<number>): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) if (v > max || Number.isNaN(v)) max = v;
  return max;
}

export function minOf(values: Iterable<number>): number {
  let min = Number.POSITIVE_INFINITY;
  for (const v of values) if (v < min || Number.isNaN(v)) min = v;
  return min;
}
