import type { VodAnalytics } from '../api/get-vod-analytics';

export const FOLDER = 'd0000000-0000-4000-8000-000000000001';
export const SUBFOLDER = 'd0000000-0000-4000-8000-000000000002';
export const VIDEO = 'v0000000-0000-4000-8000-000000000003';

/** An answer of GET /v1/analytics/vod for a folder with one subfolder and two videos. */
export const vodAnalyticsFixture = (): VodAnalytics => ({
  folder: { id: FOLDER, name: 'Cursos' },
  path: [{ id: FOLDER, name: 'Cursos' }],
  from: Date.UTC(2026, 9, 26, 12),
  to: Date.UTC(2026, 10, 25, 12),
  totals: {
    views: 12345,
    watchMs: 5_400_000,
    startupAvgMs: 1234,
    rebufferPercent: 2.4,
    likes: 37,
    videos: 9,
  },
  folders: [
    {
      id: SUBFOLDER,
      name: 'Módulo 1',
      views: 1200,
      watchMs: 720_000,
      startupAvgMs: 850,
      rebufferPercent: 0.5,
      likes: 4,
      videos: 7,
    },
  ],
  videos: [
    {
      id: VIDEO,
      title: 'Aula inaugural',
      status: 'ready',
      views: 11000,
      watchMs: 45_000,
      startupAvgMs: null,
      rebufferPercent: null,
      likes: 33,
    },
  ],
});
