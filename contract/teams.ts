/* The team switcher's answer as JSON on the wire (docs/api-admin.md): the teams the signed-in user belongs
 * to. The server's TypeBox schema (server/src/routes/teams) is checked equal to it, the console's struct
 * (src/features/shell/api/get-teams.ts) checked against it (src/features/shell/__tests__/contract.test.ts); the
 * records page's client and team pickers too (src/features/records/__tests__/contract.test.ts).
 * Plain types only: nothing here imports. */

/** One team of `GET /v1/teams`, with the user's role there (the older API's Portuguese names). */
export interface Team {
  accountId: string;
  name: string;
  thumbnail: string | null;
  cliente: string; // the client's name
  bloqueada: boolean; // blocked for non-payment
  userTeamRole: { nome: string; permissoes: string[] };
}

/** One client of `GET /api/cliente` (staff only): `conta_id` is the client's id (the older API's names). */
export interface ClientEntry {
  conta_id: string;
  nome_cliente: string;
}

/** One team of `GET /v1/clients/{clientId}/accounts`. */
export interface ClientAccount {
  accountId: string;
  name: string;
}
