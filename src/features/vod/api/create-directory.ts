import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DirectoryStruct } from './structs';

export interface CreateDirectoryInput {
  name: string;
  parentId: string | null;
}

/** POST /v1/directories `{name, parentId}`. */
export const createDirectory = (input: CreateDirectoryInput) =>
  api('/v1/directories', DirectoryStruct, { method: 'POST', body: input });

export const useCreateDirectory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDirectory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vod'] }),
  });
};
