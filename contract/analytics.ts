/* The audience analytics answers as JSON on the wire (docs/analytics.md). The server's TypeBox schemas
 * (server/src/routes/analytics) are checked equal to them, the console's structs
 * (src/features/vod-analytics/api) checked against them (src/features/vod-analytics/__tests__/contract.test.ts).
 * Plain types only: nothing here imports. */

/** Summed figures of videos over a window. */
export interface VodFigures {
  views: number;
  watchMs: number;
  startupAvgMs: number | null; // null when no view of the window got to its first frame
  rebufferPercent: number | null; // 0–100; null when nothing played
  likes: number;
}

/** `GET /v1/analytics/vod` (docs/analytics.md "VOD analytics page"): a folder's figures over a window
 * (its whole subtree), its subfolders' and its own videos', most viewed first. */
export interface VodAnalytics {
  folder: { id: string; name: string } | null; // null: the library's top level
  path: { id: string; name: string }[]; // from the top level down to the folder
  from: number; // epoch ms
  to: number;
  totals: VodTotals;
  folders: VodFolderFigures[];
  videos: VodVideoFigures[];
}

/** A folder's figures with how many videos its subtree holds. */
export interface VodTotals extends VodFigures {
  videos: number;
}

/** A direct subfolder's figures, over its whole subtree. */
export interface VodFolderFigures extends VodTotals {
  id: string;
  name: string;
}

/** A video's figures; `status` is text (a state newer than the console still shows its row). */
export interface VodVideoFigures extends VodFigures {
  id: string;
  title: string;
  status: string;
}

/** A count and its share (0–100, one decimal; 0 when the whole is 0). */
export interface SummaryRate {
  count: number;
  percent: number;
}

/** `GET /v1/analytics/lives/{id}/summary` (docs/analytics.md "API"): a live's audience figures over the
 * whole live. Times in ms unless named otherwise; dates ISO. */
export interface LiveSummary {
  live: {
    id: string;
    titulo: string;
    status: 'live' | 'paused' | 'finished' | 'scheduled';
    thumbnail: string | null;
    url: string;
    startedAt: string | null;
    endedAt: string | null;
  };
  asOf: string;
  viewersNow: number;
  peak: number;
  peakAt: string | null;
  totalReproduction: number; // views
  spectators: number; // distinct viewers
  totalTime: number; // on air
  totalHours: number; // watch time, hours with two decimals
  sessionTime: number; // watch time per started view
  startupTime: { averageMs: number | null; p50Ms: number | null; p90Ms: number | null };
  attempts: number;
  initFail: SummaryRate;
  playbackFail: SummaryRate;
  exitBeforeStart: SummaryRate;
  rebuffering: { percent: number; count: number; ms: number };
  cdnUse: { cdn: string; views: number; percent: number }[];
  liveDetails: {
    hora: string;
    locations: { country: string | null; state: string | null; city: string | null; views: number }[];
  };
  /** Views per operating system (labels and counts side by side). */
  spectatorsGraph: { labels: string[]; series: number[] };
  /** The ingest signals publishing now, as their last health event told. */
  signals: {
    signal_id: string;
    fps: number | null;
    video_kbps: number | null;
    audio_kbps: number | null;
    width: number | null;
    height: number | null;
    saude: 'ok' | 'warning' | 'failing' | null;
    at: string;
  }[];
  signalStart: string | null;
  /** What the geo and network databases ask to be credited for (their licences). */
  attributions: { text: string; url: string }[];
}
