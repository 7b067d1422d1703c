import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enums, type Infer, integer, nullable, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { getMe } from '@/lib/me';
import { session } from '@/lib/session';

export const AccountSettingsStruct = type({
  accountId: string(),
  name: string(),
  logo: nullable(string()),
  language: enums(['pt-BR', 'en']),
  timeZone: string(),
  fpsLimit: integer(),
  playerColor: string(),
});
export type AccountSettings = Infer<typeof AccountSettingsStruct>;
export type AccountSettingsInput = Partial<Omit<AccountSettings, 'accountId' | 'logo'>>;

const key = () => ['account-settings', session.get().user?.selectedTeamId ?? null];

/** GET /v1/account/settings (showAccountSettings): docs/api-admin.md "Account settings". */
export const accountSettingsQueryOptions = () =>
  queryOptions({ queryKey: key(), queryFn: () => api('/v1/account/settings', AccountSettingsStruct) });

export const useAccountSettings = () => useQuery(accountSettingsQueryOptions());

/** PATCH /v1/account/settings; the team's name shows in the team selector, so the session reads afresh. */
export function useSaveAccountSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountSettingsInput) =>
      api('/v1/account/settings', AccountSettingsStruct, { method: 'PATCH', body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(key(), saved);
      session.setMe(await getMe());
      await queryClient.invalidateQueries({ queryKey: ['shell-teams'] });
    },
  });
}

/** POST /v1/account/logo, multipart `file`: the team's picture in the selector (413, 415). */
export function useUploadAccountLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api('/v1/account/logo', AccountSettingsStruct, { method: 'POST', body });
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(key(), saved);
      session.setMe(await getMe());
      await queryClient.invalidateQueries({ queryKey: ['shell-teams'] });
    },
  });
}
