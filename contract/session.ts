/* The signed-in user's session as JSON on the wire (`GET /bff/me`, docs/api.md): the user, the
 * permissions in the working team and every team with its role, in the older API's Portuguese names. The
 * server's TypeBox schema (server/src/routes/auth/session.ts) is checked equal to it, the console's structs
 * (src/lib/entities.ts) checked against it (src/lib/__tests__/contract-session.test.ts). Plain types only:
 * nothing here imports. */

export interface SessionUser {
  _id: string; // the same as id
  id: string;
  login: string;
  nome: string;
  avatar: string | null;
  cargo: string; // role name in the working team
  contaId: string; // the user's default team
  diretorioRoot: string; // the user's root VOD directory name
  selectedTeamId: string | null;
  clienteSelecionado: string | null;
  cliente: { id: string; nome: string }; // the user's own client
  canManageTeamsUsers: boolean;
}

/** One team of the user, with the role there. */
export interface Membership {
  conta_id: string;
  conta_nome: string;
  conta_thumbnail: string | null;
  cliente: string;
  cargo_nome: string;
  permissoes: string[];
  bloqueada: boolean;
}

export interface Me {
  user: SessionUser;
  permissoes: string[];
  contasCargos: Membership[];
}
