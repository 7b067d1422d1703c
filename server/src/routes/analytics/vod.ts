import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/analytics.ts';
import { libraryTree, videoLikeCounts, videoViewFigures } from '../../db/repositories/analytics.ts';
import { AccountIdQuery, bearer, errors, Nullable, Uuid } from '../../http/schemas.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { accountOf } from '../../plugins/caller.ts';
import { Epoch } from './common.ts';

/** The default window of VOD analytics, and the longest one. */
const DEFAULT_DAYS = 30;
const MAX_WINDOW_MS = 400 * 86_400_000;

interface Figures {
  views: number;
  watchMs: number;
  playingMs: number;
  rebufferMs: number;
  startupSum: number;
  starts: number;
  likes: number;
  videos: number;
}
const none = (): Figures => ({
  views: 0,
  watchMs: 0,
  playingMs: 0,
  rebufferMs: 0,
  startupSum: 0,
  starts: 0,
  likes: 0,
  videos: 0,
});
function add(into: Figures, from: Figures): void {
  for (const key of Object.keys(into) as (keyof Figures)[]) into[key] += from[key];
}
/** What an answer shows of summed figures. */
function shown(f: Figures) {
  const watched = f.playingMs + f.rebufferMs;
  return {
    views: f.views,
    watchMs: f.watchMs,
    startupAvgMs: f.starts > 0 ? Math.round(f.startupSum / f.starts) : null,
    rebufferPercent: watched > 0 ? Math.round((1000 * f.rebufferMs) / watched) / 10 : null,
    likes: f.likes,
    videos: f.videos,
  };
}

const Shown = {
  views: Type.Number(),
  watchMs: Type.Number(),
  startupAvgMs: Nullable(
    Type.Number({ description: 'Null when no view of the window got to its first frame' }),
  ),
  rebufferPercent: Nullable(Type.Number({ description: '0–100; null when nothing played' })),
  likes: Type.Number(),
};
const Step = Type.Object({ id: Uuid, name: Type.String() });
const VodAnalytics = Type.Object({
  folder: Nullable(Step),
  path: Type.Array(Step, { description: 'From the top level down to the folder' }),
  from: Type.Number({ description: 'Epoch ms' }),
  to: Type.Number({ description: 'Epoch ms' }),
  totals: Type.Object({ ...Shown, videos: Type.Number() }),
  folders: Type.Array(Type.Object({ id: Uuid, name: Type.String(), ...Shown, videos: Type.Number() })),
  videos: Type.Array(Type.Object({ id: Uuid, title: Type.String(), status: Type.String(), ...Shown })),
});

// The answer equals contract/analytics.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type VodAnalyticsMatchesContract = Expect<Equal<Static<typeof VodAnalytics>, Contract.VodAnalytics>>;

/**
 * VOD analytics (docs/analytics.md "VOD analytics page"): views, watch time, startup time,
 * rebuffering and likes per video and per folder (each folder's figures over its whole subtree), from
 * the players' views. A video's total likes (SPEC §7) is in routes/videos/videos.ts.
 */
const vodAnalyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/analytics/vod',
    {
      config: { permission: { anyOf: ['showStreamingAnalytics'] } },
      schema: {
        tags: ['analytics'],
        summary: "A library folder's audience: its subfolders and videos",
        description:
          'Views, watch time, average startup time, rebuffering % and likes in the window (default the last 30 days, at most 400), for the folder (its whole subtree), each direct subfolder (its subtree) and each video directly in it, most viewed first. No `folder`: the top level.',
        security: bearer,
        querystring: Type.Intersect([
          AccountIdQuery,
          Type.Object({ folder: Type.Optional(Uuid), from: Type.Optional(Epoch), to: Type.Optional(Epoch) }),
        ]),
        response: { 200: VodAnalytics, ...errors(400, 401, 403, 404) },
      },
    },
    async (request): Promise<Static<typeof VodAnalytics>> => {
      const accountId = accountOf(request);
      const now = Date.now();
      const to = Math.min(request.query.to ?? now, now);
      const from = request.query.from ?? to - DEFAULT_DAYS * 86_400_000;
      if (from > to) throw new ApiError(400, 'analyticsWindowInvalid');
      const window = { from: Math.max(from, to - MAX_WINDOW_MS), to };
      const folderId = request.query.folder?.toLowerCase() ?? null;

      const { folders, videos } = await libraryTree(app.db, accountId);
      const byId = new Map(folders.map((f) => [f.id, f]));
      if (folderId !== null && !byId.has(folderId)) throw new ApiError(404, 'directoryNotFound');
      const figures = new Map(
        (await videoViewFigures(app.db, accountId, new Date(window.from), new Date(window.to))).map((f) => [
          f.videoId,
          f,
        ]),
      );
      const likes = await videoLikeCounts(app.db, accountId, new Date(window.from), new Date(window.to));
      const ofVideo = (id: string): Figures => {
        const f = figures.get(id);
        return {
          ...(f ? { ...f } : none()),
          likes: likes.get(id) ?? 0,
          videos: 1,
        };
      };

      // Each folder's figures over its subtree: every video adds into its folder and each ancestor.
      const subtree = new Map<string | null, Figures>();
      const at = (id: string | null) => {
        let f = subtree.get(id);
        if (!f) {
          f = none();
          subtree.set(id, f);
        }
        return f;
      };
      for (const video of videos) {
        const f = ofVideo(video.id);
        add(at(null), f);
        // A cycle cannot be made through the API; the bound keeps a damaged tree from looping.
        let dir = video.directory_id;
        for (let depth = 0; dir && depth < 100; depth++) {
          add(at(dir), f);
          dir = byId.get(dir)?.parent_id ?? null;
        }
      }
      const path: { id: string; name: string }[] = [];
      for (let dir = folderId, depth = 0; dir && depth < 100; depth++) {
        const f = byId.get(dir);
        if (!f) break;
        path.unshift({ id: f.id, name: f.name });
        dir = f.parent_id;
      }
      const mostViewed = (a: { views: number; name?: string; title?: string }, b: typeof a) =>
        b.views - a.views || (a.name ?? a.title ?? '').localeCompare(b.name ?? b.title ?? '');
      return {
        folder: folderId ? { id: folderId, name: byId.get(folderId)?.name ?? '' } : null,
        path,
        ...window,
        totals: shown(at(folderId)),
        folders: folders
          .filter((f) => f.parent_id === folderId)
          .map((f) => ({ id: f.id, name: f.name, ...shown(at(f.id)) }))
          .sort(mostViewed),
        videos: videos
          .filter((v) => v.directory_id === folderId)
          .map((v) => ({ id: v.id, title: v.title, status: v.status, ...shown(ofVideo(v.id)) }))
          .map(({ videos: _one, ...rest }) => rest)
          .sort(mostViewed),
      };
    },
  );
};

export default vodAnalyticsRoutes;
