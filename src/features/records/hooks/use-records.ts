import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '@/lib/use-session';
import { useClientAccounts } from '../api/list-client-accounts';
import { useClients } from '../api/list-clients';
import { useEventTypes } from '../api/list-event-types';
import { useLogs } from '../api/list-logs';
import { buildLogsQuery, scopedAccount, viewerOf } from '../lib/query';
import { effectiveRange, timeZone, today as todayIn } from '../lib/range';
import { type RecordsSearch, validateRecordsSearch, withDefaults } from '../lib/search';

const route = getRouteApi('/_authed/_shell/records');

/** Everything the /records page reads and does: the URL's filters, the data, and the URL updates. */
export function useRecords() {
  const { i18n } = useLingui();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const session = useSession();
  const [today] = useState(todayIn);
  const [zone] = useState(timeZone);
  const viewer = viewerOf(session);
  const { staff, canPickTeam } = viewer;

  // Staff pick the client; anyone else works in the client of their selected team.
  const clientId = staff ? search.clientId : (session.user?.clienteSelecionado ?? undefined);
  const clients = useClients(staff);
  const teams = useClientAccounts(clientId, canPickTeam);
  const showTeams = canPickTeam && !!clientId && (teams.data?.length ?? 0) > 0;

  const range = effectiveRange(search, today);
  const query = buildLogsQuery(search, viewer, range, zone);
  const logs = useLogs(query);
  const eventTypes = useEventTypes(i18n.locale);

  /** Applies a change to the URL; any change but a page change starts again at page 1. */
  const update = (patch: Partial<RecordsSearch>, options: { replace?: boolean } = {}) =>
    navigate({
      search: (prev) => validateRecordsSearch({ ...prev, page: undefined, ...patch }),
      replace: options.replace,
    });

  // A team switch (header) replaces the team picked here: the new team's entries show.
  const selectedTeamId = session.user?.selectedTeamId;
  const previousTeam = useRef(selectedTeamId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new selected team resets the pick.
  useEffect(() => {
    if (previousTeam.current === selectedTeamId) return;
    previousTeam.current = selectedTeamId;
    if (!staff && search.accountId) void update({ accountId: undefined }, { replace: true });
  }, [selectedTeamId]);

  // A page past the last one (an old link, fewer entries now) shows the last page.
  const pagesTotal = logs.data?.pagination.pagesTotal ?? 0;
  const { page } = withDefaults(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: depends on the answer only.
  useEffect(() => {
    if (pagesTotal > 0 && page > pagesTotal) void update({ page: pagesTotal }, { replace: true });
  }, [pagesTotal, page]);

  return {
    search: withDefaults(search),
    viewer,
    today,
    zone,
    range,
    clientId,
    accountId: scopedAccount(search, viewer),
    clients,
    teams,
    showTeams,
    logs,
    eventLabels: eventTypes.data ?? {},
    update,
  };
}
