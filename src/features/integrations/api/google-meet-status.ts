import type { GoogleMeetStatus } from '@contract/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { boolean, type Describe, nullable, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { isDeauthorizedStatus } from '../lib/state';
import { ImportSummaryStruct, importPollMs, NO_IMPORT } from './import-summary';
import { integrationKey } from './keys';

export const GoogleMeetStatusStruct: Describe<GoogleMeetStatus> = type({
  integrated: boolean(),
  activeImport: boolean(),
  deauthorized: boolean(),
  label: nullable(string()),
  import: ImportSummaryStruct,
});

/** GET /bff/google-meet/importacao-ativa (a 404: deauthorized, SPEC §4). */
export const getGoogleMeetStatus = () =>
  api('/bff/google-meet/importacao-ativa', GoogleMeetStatusStruct).catch(
    (error: unknown): GoogleMeetStatus => {
      if (isDeauthorizedStatus(error))
        return { integrated: true, activeImport: false, deauthorized: true, label: null, import: NO_IMPORT };
      throw error;
    },
  );

export const googleMeetStatusQueryOptions = () =>
  queryOptions({
    queryKey: integrationKey('google-meet'),
    queryFn: getGoogleMeetStatus,
    refetchInterval: (q) => importPollMs(q.state.data ? [q.state.data.import] : undefined),
  });
export const useGoogleMeetStatus = () => useQuery(googleMeetStatusQueryOptions());
