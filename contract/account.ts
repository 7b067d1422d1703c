/* The account settings page's answer as JSON on the wire (docs/api-admin.md). The server's TypeBox
 * schema (server/src/routes/account/settings.ts) is checked equal to it, the console's struct
 * (src/features/account/api) checked against it (src/features/account/__tests__/contract.test.ts). Plain
 * types only: nothing here imports. */

/** `GET|PATCH /v1/account/settings`. */
export interface AccountSettings {
  accountId: string;
  name: string;
  logo: string | null;
  language: 'pt-BR' | 'en';
  timeZone: string; // IANA, e.g. America/Sao_Paulo
  fpsLimit: number;
  playerColor: string; // the general settings' player colour: a new stream's default
}
