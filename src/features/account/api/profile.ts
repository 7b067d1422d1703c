import { useMutation } from '@tanstack/react-query';
import { string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { getMe } from '@/lib/me';
import { session } from '@/lib/session';

const TokenStruct = type({ Token: string() });
const ProfileStruct = type({ id: string(), name: string(), email: string() });

/** The server revoked every older token (the caller's too) and answered a new one for this session. */
async function keepSession({ Token }: { Token: string }) {
  session.setToken(Token);
  session.setMe(await getMe());
}

/** PATCH /v1/me/profile: the own name. */
export const useSaveProfile = () =>
  useMutation({
    mutationFn: (name: string) => api('/v1/me/profile', ProfileStruct, { method: 'PATCH', body: { name } }),
    onSuccess: (saved) => session.updateUser({ nome: saved.name }),
  });

/** POST /v1/me/password: 400 with the server's message for a wrong current password. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api('/v1/me/password', TokenStruct, { method: 'POST', body }),
    onSuccess: keepSession,
  });

/** POST /v1/me/sign-out-others. */
export const useSignOutOthers = () =>
  useMutation({
    mutationFn: () => api('/v1/me/sign-out-others', TokenStruct, { method: 'POST' }),
    onSuccess: keepSession,
  });

const AvatarStruct = type({ avatar: string() });

/** POST /v1/me/avatar, multipart `file`: PNG, JPEG or WebP up to 5 MB (413, 415). */
export const useUploadAvatar = () =>
  useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api('/v1/me/avatar', AvatarStruct, { method: 'POST', body });
    },
    onSuccess: (saved) => session.updateUser({ avatar: saved.avatar }),
  });
