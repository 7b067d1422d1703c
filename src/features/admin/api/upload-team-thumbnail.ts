import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ClientTeamStruct } from './list-client-teams';
import { teamsChanged } from './teams-changed';

/** POST /v1/client-teams/{id}/thumbnail, multipart `file`: PNG, JPEG or WebP up to 5 MB (413, 415). */
export function uploadTeamThumbnail({ teamId, file }: { teamId: string; file: File }) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api(`/v1/client-teams/${encodeURIComponent(teamId)}/thumbnail`, ClientTeamStruct, {
    method: 'POST',
    body,
  });
}

export function useUploadTeamThumbnail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadTeamThumbnail, onSuccess: () => teamsChanged(queryClient) });
}
