import type { ZoomMultiStatus } from '@contract/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, boolean, type Describe, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { isDeauthorizedStatus } from '../lib/state';
import { importPollMs } from './import-summary';
import { integrationKey } from './keys';
import { ZoomAccountStruct } from './zoom-status';

const ZoomMultiStatusStruct: Describe<ZoomMultiStatus> = type({
  activeImport: boolean(),
  deauthorized: boolean(),
  accounts: array(ZoomAccountStruct),
});

/** GET /bff/zoom/status-token-multi: the multi-account card's accounts (a 404: deauthorized, SPEC §4). */
export const getZoomMultiStatus = () =>
  api('/bff/zoom/status-token-multi', ZoomMultiStatusStruct).catch((error: unknown): ZoomMultiStatus => {
    if (isDeauthorizedStatus(error)) return { activeImport: false, deauthorized: true, accounts: [] };
    throw error;
  });

export const zoomMultiStatusQueryOptions = () =>
  queryOptions({
    queryKey: integrationKey('zoom-multi'),
    queryFn: getZoomMultiStatus,
    refetchInterval: (q) => importPollMs(q.state.data?.accounts.map((a) => a.import)),
  });
export const useZoomMultiStatus = () => useQuery(zoomMultiStatusQueryOptions());
