import { type TSchema, Type } from '@fastify/type-provider-typebox';

export const Uuid = Type.String({ format: 'uuid', description: 'UUID (8-4-4-4-12 hexadecimal)' });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// An overlay's kind and position as answered to the console and to players (contract/overlays.ts,
// contract/playback.ts). The literals are spelled out: a union mapped from the tables' lists types as
// `never` in TypeBox's Static, which would let the contract checks pass unseen.
export const OverlayKind = Type.Union([Type.Literal('image'), Type.Literal('text')]);
export const OverlayPosition = Type.Union([
  Type.Literal('top-left'),
  Type.Literal('top-right'),
  Type.Literal('bottom-left'),
  Type.Literal('bottom-right'),
  Type.Literal('center'),
]);

/** Every error answer. `field` names the request field a 400 is about. */
export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    field: Type.Optional(Type.String()),
  },
  { description: 'Error; `message` in the language of Accept-Language (en…) or pt-BR' },
);

/** Response schemas for the error codes a route can answer. */
export function errors(...codes: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(codes.map((code) => [code, ErrorBody]));
}

/** The selected team every authenticated call may carry (see plugins/multitenancy). */
export const AccountIdQuery = Type.Object({
  accountId: Type.Optional(Type.String({ format: 'uuid', description: 'The selected team (account) id' })),
});

/**
 * The last page a list answers (the logs' own bound is the same). Without a maximum, page=1e18
 * makes an OFFSET PostgreSQL cannot hold (a 500); nobody pages past 10,000 in a console.
 */
export const MAX_PAGE = 10_000;
export const Page = Type.Integer({
  minimum: 1,
  maximum: MAX_PAGE,
  default: 1,
  description: 'From 1 (default 1)',
});

export const bearer = [{ bearerAuth: [] }];

/**
 * The characters that change the direction text is drawn in (embeddings, overrides, isolates, marks):
 * in a name, U+202E makes "Aula 1" read "1 aluA" — and can make a file name or a link lie about
 * itself. No name needs them (docs/security.md "Bidirectional controls in names").
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` without bidirectional control characters. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** The schema keyword input-guard looks for: this string is a name, its bidi controls go before validation. */
export const PLAIN_NAME = 'x-plain-name';

/**
 * A user-given name or title (a live, a video, a folder, a team…): every schema that takes one uses
 * this, so the server strips bidirectional controls from it before validation (plugins/input-guard),
 * whichever route it arrives through.
 */
export const Name = (options: Parameters<typeof Type.String>[0] = {}) =>
  Type.String({ ...options, [PLAIN_NAME]: true });
