import type { Summary } from '../api/get-summary';

export const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);

/** A summary as docs/analytics.md "API" describes it. */
export const summaryFixture = (): Summary => ({
  live: {
    id: 'live-1',
    titulo: 'Show de lançamento',
    status: 'live',
    thumbnail: null,
    url: 'https://palco.test/embed/live-1',
    startedAt: new Date(T0 - 3_600_000).toISOString(),
    endedAt: null,
  },
  asOf: new Date(T0).toISOString(),
  viewersNow: 321,
  peak: 400,
  peakAt: new Date(T0 - 600_000).toISOString(),
  totalReproduction: 1234,
  spectators: 987,
  totalTime: 3_600_000,
  totalHours: 210.5,
  sessionTime: 95_000,
  startupTime: { averageMs: 1250, p50Ms: 900, p90Ms: 2400 },
  initFail: { count: 12, percent: 1 },
  playbackFail: { count: 1, percent: 0.1 },
  exitBeforeStart: { count: 30, percent: 2.4 },
  rebuffering: { percent: 0.8, count: 44 },
  cdnUse: [
    { cdn: 'origin', views: 1000, percent: 81 },
    { cdn: 'cloudflare', views: 234, percent: 19 },
  ],
  liveDetails: {
    hora: new Date(T0).toISOString(),
    locations: [
      { country: 'BR', state: 'SP', city: 'São Paulo', views: 500 },
      { country: 'BR', state: 'desconhecido', city: null, views: 3 },
    ],
  },
  spectatorsGraph: { labels: ['Android', 'iOS', 'Windows'], series: [600, 400, 234] },
  signals: [
    {
      signal_id: 's1',
      fps: 30,
      video_kbps: 2500,
      audio_kbps: 128,
      width: 1920,
      height: 1080,
      saude: 'ok',
      publicando: true,
    },
  ],
  signalStart: new Date(T0 - 3_500_000).toISOString(),
  attributions: [
    { text: 'IP geolocation by DB-IP', url: 'https://db-ip.com' },
    { text: 'Bad link', url: 'javascript:alert(1)' },
  ],
});
