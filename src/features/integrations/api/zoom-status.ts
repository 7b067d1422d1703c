import type { ZoomAccount, ZoomStatus } from '@contract/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, boolean, type Describe, integer, nullable, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { isDeauthorizedStatus } from '../lib/state';
import { ImportSummaryStruct, importPollMs, NO_IMPORT } from './import-summary';
import { integrationKey } from './keys';

export const ZoomAccountStruct: Describe<ZoomAccount> = type({
  zoomAccountId: string(),
  label: nullable(string()),
  activeImport: boolean(),
  deauthorized: boolean(),
  tokenExpiresIn: integer(),
  import: ImportSummaryStruct,
});

/** What a 404 on the status means (SPEC §4): a connection the provider no longer honours. */
const GONE: ZoomStatus = [
  {
    zoomAccountId: '',
    label: null,
    activeImport: false,
    deauthorized: true,
    tokenExpiresIn: 0,
    import: NO_IMPORT,
  },
];

/** GET /bff/zoom/status-token: the single card's account as a list (empty: not integrated). */
export const getZoomStatus = () =>
  api('/bff/zoom/status-token', array(ZoomAccountStruct)).catch((error: unknown) => {
    if (isDeauthorizedStatus(error)) return GONE;
    throw error;
  });

export const zoomStatusQueryOptions = () =>
  queryOptions({
    queryKey: integrationKey('zoom'),
    queryFn: getZoomStatus,
    refetchInterval: (q) => importPollMs(q.state.data?.map((a) => a.import)),
  });
export const useZoomStatus = () => useQuery(zoomStatusQueryOptions());
