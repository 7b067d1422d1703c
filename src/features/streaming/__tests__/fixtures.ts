import type { Settings, Stream } from '../api/stream';

export const PRESET: Settings = {
  type: 'encoder',
  latency: 'default',
  autoStart: false,
  autoCuts: false,
  transcode: { enableLive2vod: true, enableDvr: false, enableAudioOnly: false },
  security: { geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: [] },
  assets: { playerColor: 'rgba(90, 50, 200, 1)' },
  ads: { preRollVastUrl: null, postRollVastUrl: null },
  analyticsMeasurementId: null,
  studio: {
    chat: true,
    settingsButton: true,
    moreOptionsButton: true,
    studioColor: 'rgba(20, 18, 31, 1)',
    waitingRoomColor: 'rgba(20, 18, 31, 1)',
  },
  updatedAt: null,
};

export function makeStream(patch: Partial<Stream> = {}): Stream {
  return {
    id: 'f0000000-0000-4000-8000-000000000001',
    nome: 'Aula inaugural',
    descricao: 'nota interna',
    status: 'scheduled',
    scheduledStartTime: '2026-12-01T22:00:00.561Z',
    startedAt: null,
    finishedAt: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    type: 'encoder',
    latency: 'low',
    autoStart: true,
    autoCuts: false,
    transcode: { enableLive2vod: true, enableDvr: true, enableAudioOnly: false },
    security: { geoAccessControl: 'block', geoRegionList: ['AR'], referrerWhitelist: ['palco.example'] },
    allowed_refer: true,
    assets: {
      thumbnail: null,
      startSoonScreen: null,
      pauseScreen: null,
      endingScreen: null,
      playerColor: 'rgba(255, 0, 0, 0.5)',
    },
    ads: { preRollVastUrl: 'https://ads.example.com/pre.xml', postRollVastUrl: null },
    analyticsMeasurementId: 'G-ABC123',
    studio: {
      chat: false,
      settingsButton: true,
      moreOptionsButton: false,
      studioColor: 'rgba(0, 0, 0, 1)',
      waitingRoomColor: 'rgba(10, 10, 10, 1)',
      background: null,
    },
    streamKey: 'k',
    signals: [
      { id: 's1', nome: 'Câmera', key: 'k1', resolution: '1920x1080' },
      { id: 's2', nome: 'Palco', key: 'k2', resolution: null },
    ],
    recording: null,
    recordingStatus: null,
    durationSeconds: null,
    ...patch,
  };
}
