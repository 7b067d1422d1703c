import { array, boolean, type Infer, nullable, optional, string, type } from 'superstruct';

/** SPEC §3 User, as GET /bff/me answers it (docs/api.md). */
export const UserStruct = type({
  _id: string(),
  id: string(),
  login: string(),
  nome: string(),
  avatar: nullable(string()),
  cargo: string(),
  contaId: string(),
  diretorioRoot: string(),
  selectedTeamId: nullable(string()),
  clienteSelecionado: nullable(string()),
  cliente: type({ id: string(), nome: string() }),
  canManageTeamsUsers: boolean(),
});
export type User = Infer<typeof UserStruct>;

/** SPEC §3 Team membership (`contasCargos`). */
export const MembershipStruct = type({
  conta_id: string(),
  conta_nome: string(),
  conta_thumbnail: nullable(string()),
  cliente: string(),
  cargo_nome: string(),
  permissoes: array(string()),
  bloqueada: optional(boolean()),
});
export type Membership = Infer<typeof MembershipStruct>;

export const MeStruct = type({
  user: UserStruct,
  permissoes: array(string()),
  contasCargos: array(MembershipStruct),
});
export type Me = Infer<typeof MeStruct>;

/** The persisted auth state of SPEC §3 (storage key v706-demo1-auth). */
export const AuthStateStruct = type({
  authToken: nullable(string()),
  user: nullable(UserStruct),
  permissions: array(string()),
  contasCargos: array(MembershipStruct),
});
export type AuthState = Infer<typeof AuthStateStruct>;
