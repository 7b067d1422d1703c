import type { MessageKey } from './i18n.ts';

/**
 * An answer for the client, thrown from a route or hook. The central error handler writes it as
 * `{statusCode, error, message}` with the message in the request's language.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly key: MessageKey;
  readonly params: Record<string, string | number>;
  readonly headers: Record<string, string>;
  /** The request field the message is about, when there is one. */
  readonly field: string | undefined;

  constructor(
    statusCode: number,
    key: MessageKey,
    options: {
      params?: Record<string, string | number>;
      headers?: Record<string, string>;
      field?: string;
    } = {},
  ) {
    super(key);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.key = key;
    this.params = options.params ?? {};
    this.headers = options.headers ?? {};
    this.field = options.field;
  }
}
