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
