/**
 * Compile-time checks that a route's TypeBox response schema describes exactly the JSON written once in
 * `contract/` (docs/decisions.md "One contract for both sides: `contract/`"). Write beside the schema
 * `export type XMatchesContract = Expect<Equal<Static<typeof XSchema>, X>>;` — a field renamed, retyped,
 * added or dropped on either side then fails `npm run typecheck` ("Type 'false' does not satisfy the
 * constraint 'true'"). Types only: nothing here exists at run time.
 */

/** Whether A and B are the same type, optional and nullable fields included. Two-way assignability would
 * miss a renamed optional field (`{ a?: string }` and `{ b?: string }` are assignable both ways), so this
 * compares how the compiler relates the two types, which is strict. */
export type Equal<A, B> =
  (<T>() => T extends Simplify<A> ? 1 : 2) extends <T>() => T extends Simplify<B> ? 1 : 2 ? true : false;

/** Accepts only `true`: the place where a failed `Equal` becomes a type error. */
export type Expect<T extends true> = T;

/** Flattens intersections (`A & B`) that TypeBox's `Static` may produce into one object type, deeply, so
 * that `Equal` compares shapes rather than how they were spelled. */
export type Simplify<T> = T extends (infer U)[]
  ? Simplify<U>[]
  : T extends object
    ? { [K in keyof T]: Simplify<T[K]> }
    : T;
