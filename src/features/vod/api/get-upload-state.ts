import { api } from '@/lib/api-client';
import { sourceUrl, type UploadTarget } from '../upload/target';
import { UploadStateStruct } from './structs';

/** GET {upload host}/v1/videos/{id}/source → {offset, total, complete}: where to resume from. Silent:
 * the upload engine decides what a failure means. */
export const getUploadState = (target: UploadTarget, videoId: string, accountId: string) =>
  api(sourceUrl(target, videoId), UploadStateStruct, { query: { accountId }, silent: true });
