import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { array, boolean, type Infer, integer, nullable, object, optional, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { adminKey } from './keys';

const RoleRef = type({ id: string(), name: string() });

export const TeamUserStruct = type({
  id: string(),
  name: string(),
  email: string(),
  avatar: optional(nullable(string())),
  role: RoleRef,
  lastAccess: nullable(string()),
});
export type TeamUser = Infer<typeof TeamUserStruct>;

export const PendingInvitationStruct = type({
  id: string(),
  email: string(),
  role: RoleRef,
  invitedBy: nullable(string()),
  expiresAt: string(),
  expired: boolean(),
});
export type PendingInvitation = Infer<typeof PendingInvitationStruct>;

export const UsersPageStruct = type({
  items: array(TeamUserStruct),
  invitations: array(PendingInvitationStruct),
  pagination: object({ page: integer(), total: integer(), pagesTotal: integer() }),
});

export interface UsersQuery {
  search: string;
  page: number;
}

export const USERS_PAGE_SIZE = 10;

/** GET /v1/users: one page of the team's users and its open invitations (docs/api-admin.md). */
export const listUsers = ({ search, page }: UsersQuery) =>
  api('/v1/users', UsersPageStruct, { query: { search: search || undefined, page, limit: USERS_PAGE_SIZE } });

export const usersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: adminKey('users', query),
    queryFn: () => listUsers(query),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UsersQuery) => useQuery(usersQueryOptions(query));
