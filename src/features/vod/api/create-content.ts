import { type Infer, string, type } from 'superstruct';
import { api } from '@/lib/api-client';

/** SPEC §3 Created content: the create input is {title, directoryId, accountId}. */
export interface CreateContentInput {
  title: string;
  directoryId: string | null;
  accountId: string;
}

export const CreatedContentStruct = type({ videoId: string() });
export type CreatedContent = Infer<typeof CreatedContentStruct>;

/** POST /v1/contents → {videoId}. The caller shows SPEC §8's content-creation message on failure (the
 * app's own handling still signs out on 401 and shows 'Ops' on a 5xx). */
export const createContent = (input: CreateContentInput) =>
  api('/v1/contents', CreatedContentStruct, {
    method: 'POST',
    body: input,
    query: { accountId: input.accountId },
  });
