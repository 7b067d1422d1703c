/* The team switcher's answer as JSON on the wire (docs/api-admin.md): the teams the signed-in user belongs
 * to. The server's TypeBox schema (server/src/routes/teams) is checked equal to it, the console's struct
 * (src/features/shell/api/get-teams.ts) checked against it (src/features/shell/__tests__/contract.test.ts).
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
