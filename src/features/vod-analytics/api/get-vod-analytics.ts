import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, type Infer, integer, nullable, number, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';
import { type Period, windowOf } from '../lib/search';

const FiguresShape = {
  views: integer(),
  watchMs: number(),
  /** Null when no view of the window got to its first frame. */
  startupAvgMs: nullable(number()),
  /** 0–100; null when nothing played. */
  rebufferPercent: nullable(number()),
  likes: integer(),
};

const StepStruct = type({ id: string(), name: string() });

export const VodAnalyticsStruct = type({
  folder: nullable(StepStruct),
  path: array(StepStruct),
  from: number(),
  to: number(),
  totals: type({ ...FiguresShape, videos: integer() }),
  folders: array(type({ id: string(), name: string(), ...FiguresShape, videos: integer() })),
  // `status` is kept as text: a state newer than this console still shows its row.
  videos: array(type({ id: string(), title: string(), status: string(), ...FiguresShape })),
});
export type VodAnalytics = Infer<typeof VodAnalyticsStruct>;
export type VodFolderFigures = VodAnalytics['folders'][number];
export type VodVideoFigures = VodAnalytics['videos'][number];

/** GET /v1/analytics/vod?folder&from&to (showStreamingAnalytics): a folder's figures over a window,
 * its subfolders' (each over its whole subtree) and its own videos', most viewed first. No folder: the
 * library's top level. Another team's folder, or an unknown one, answers 404 with the server's text. */
export const getVodAnalytics = (folder: string | undefined, period: Period, now = Date.now()) =>
  api('/v1/analytics/vod', VodAnalyticsStruct, { query: { folder, ...windowOf(period, now) } });

/** The key names the period, not its instants: the saved answer of "the last 30 days" is found again
 * offline, whatever the clock says now. The selected team comes first, so a team switch never shows
 * another team's figures. */
export const vodAnalyticsQueryOptions = (folder: string | undefined, period: Period) =>
  queryOptions({
    queryKey: ['vod-analytics', session.get().user?.selectedTeamId ?? null, folder ?? null, period],
    queryFn: () => getVodAnalytics(folder, period),
  });

/** The route's loader starts the fetch; the page does not ask again when it mounts. */
export const useVodAnalytics = (folder: string | undefined, period: Period) =>
  useQuery({ ...vodAnalyticsQueryOptions(folder, period), refetchOnMount: false });
