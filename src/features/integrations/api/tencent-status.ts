import type { TencentStatus } from '@contract/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { boolean, type Describe, nullable, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { ImportSummaryStruct, importPollMs } from './import-summary';
import { integrationKey } from './keys';

export const TencentStatusStruct: Describe<TencentStatus> = type({
  activeImport: boolean(),
  activeIntegration: boolean(),
  secretId: nullable(string()),
  import: ImportSummaryStruct,
});

/** GET /bff/tencent/vod/importacao-ativa: connected (activeIntegration) and importing (activeImport). */
export const getTencentStatus = () => api('/bff/tencent/vod/importacao-ativa', TencentStatusStruct);

export const tencentStatusQueryOptions = () =>
  queryOptions({
    queryKey: integrationKey('tencent'),
    queryFn: getTencentStatus,
    refetchInterval: (q) => importPollMs(q.state.data ? [q.state.data.import] : undefined),
  });
export const useTencentStatus = () => useQuery(tencentStatusQueryOptions());
