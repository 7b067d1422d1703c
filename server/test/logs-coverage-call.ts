import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/** How the logs-coverage exercises make a request (logs-coverage.test.ts gives `call` and `act`). */
export type Call = (
  token: string | null,
  method: InjectOptions['method'],
  url: string,
  body?: object,
) => Promise<LightMyRequestResponse>;
