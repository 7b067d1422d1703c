import { randomBytes } from 'node:crypto';
import { DEFAULT_STREAM_SETTINGS as DEFAULT_SETTINGS } from '../../../contract/streams.ts';
import type { Executor } from './schema.ts';
import type { Signal, StreamSettings, StreamStatus } from './tables/streams.ts';

// Written out rather than imported: seed.ts imports this file (DEMO_ACCOUNTS there holds the same ids).
const DEMO_PRODUCOES = 'a0000000-0000-4000-8000-000000000002';
const EVENTOS_AO_VIVO = 'a0000000-0000-4000-8000-000000000003';

const key = () => randomBytes(32).toString('base64url');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface DemoStream {
  id: string;
  accountId: string;
  nome: string;
  descricao: string | null;
  status: StreamStatus;
  /** Relative to the moment of seeding, in ms. */
  scheduledIn: number;
  startedIn?: number;
  finishedIn?: number;
  signals: { id: string; nome: string; resolution: string | null }[];
  settings?: Partial<StreamSettings>;
}

const signal = (n: number, nome = `Sinal ${n}`, resolution: string | null = '1920x1080') => ({
  id: `f1000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  nome,
  resolution,
});

/** Fixed ids, so tests, the e2e suite and bug reports can name them. Keys are random (they are secrets). */
export const DEMO_STREAMS = {
  aulaInaugural: {
    id: 'f0000000-0000-4000-8000-000000000001',
    accountId: DEMO_PRODUCOES,
    nome: 'Aula inaugural 2026',
    descricao: 'Abertura do semestre com a reitoria. Câmera 2 no palco lateral.',
    status: 'scheduled',
    scheduledIn: 2 * DAY,
    signals: [signal(1, 'Câmera principal'), signal(2, 'Palco lateral', '1280x720')],
  },
  webinar: {
    id: 'f0000000-0000-4000-8000-000000000002',
    accountId: DEMO_PRODUCOES,
    nome: 'Webinar de lançamento',
    descricao: null,
    status: 'scheduled',
    scheduledIn: 7 * DAY,
    signals: [signal(3)],
    settings: { type: 'studio', latency: 'low' },
  },
  entrevista: {
    id: 'f0000000-0000-4000-8000-000000000003',
    accountId: DEMO_PRODUCOES,
    nome: 'Entrevista exclusiva',
    descricao: 'Só no site do parceiro.',
    status: 'scheduled',
    scheduledIn: 1 * DAY,
    signals: [signal(4)],
    settings: {
      security: { geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: ['palco.example'] },
      ads: { preRollVastUrl: 'https://ads.palco.example/vast/pre.xml', postRollVastUrl: null },
    },
  },
  showAoVivo: {
    id: 'f0000000-0000-4000-8000-000000000004',
    accountId: DEMO_PRODUCOES,
    nome: 'Show ao vivo: Banda Aurora',
    descricao: null,
    status: 'live',
    scheduledIn: -45 * MINUTE,
    startedIn: -40 * MINUTE,
    signals: [signal(5, 'Palco'), signal(6, 'Plateia')],
    settings: { transcode: { enableLive2vod: true, enableDvr: true, enableAudioOnly: false } },
  },
  podcast: {
    id: 'f0000000-0000-4000-8000-000000000005',
    accountId: DEMO_PRODUCOES,
    nome: 'Podcast Palco #12',
    descricao: 'Intervalo de 10 minutos no meio.',
    status: 'paused',
    scheduledIn: -70 * MINUTE,
    startedIn: -65 * MINUTE,
    signals: [signal(7, 'Estúdio', null)],
    settings: { transcode: { enableLive2vod: false, enableDvr: false, enableAudioOnly: true } },
  },
  conferencia: {
    id: 'f0000000-0000-4000-8000-000000000006',
    accountId: DEMO_PRODUCOES,
    nome: 'Conferência anual — dia 1',
    descricao: null,
    status: 'finished',
    scheduledIn: -10 * DAY,
    startedIn: -10 * DAY + 5 * MINUTE,
    finishedIn: -10 * DAY + 185 * MINUTE,
    signals: [signal(8)],
  },
  treinamento: {
    id: 'f0000000-0000-4000-8000-000000000007',
    accountId: DEMO_PRODUCOES,
    nome: 'Treinamento interno',
    descricao: 'Apenas para a equipe no Brasil.',
    status: 'finished',
    scheduledIn: -3 * DAY,
    startedIn: -3 * DAY,
    finishedIn: -3 * DAY + 52 * MINUTE,
    signals: [signal(9)],
    settings: {
      transcode: { enableLive2vod: false, enableDvr: false, enableAudioOnly: false },
      security: { geoAccessControl: 'allow', geoRegionList: ['BR'], referrerWhitelist: [] },
    },
  },
  festival: {
    id: 'f0000000-0000-4000-8000-000000000008',
    accountId: EVENTOS_AO_VIVO,
    nome: 'Festival de Verão',
    descricao: null,
    status: 'scheduled',
    scheduledIn: 14 * DAY,
    signals: [signal(10)],
  },
} as const satisfies Record<string, DemoStream>;

/**
 * A member of Demo Produções who was added but never signed in (no usable password: it is not a demo
 * login). The streaming settings' users list shows her with 'Sem último acesso', and she is the one a
 * demo (or the e2e suite) can remove from the team without taking a demo login's access away.
 */
export const DEMO_GUEST = {
  id: 'e0000000-0000-4000-8000-000000000010',
  login: 'convidada@palco.test',
  name: 'Clara Convidada',
  roleId: 'd0000000-0000-4000-8000-000000000003', // DEMO_ROLES.operadorDemo
} as const;

/** Puts the demo streams in; called by `seedDemoData` inside its transaction, after the accounts. */
export async function seedDemoStreams(db: Executor, now = Date.now()): Promise<void> {
  const at = (offset: number | undefined) => (offset === undefined ? null : new Date(now + offset));
  await db
    .insertInto('users')
    .values({
      id: DEMO_GUEST.id,
      login: DEMO_GUEST.login,
      name: DEMO_GUEST.name,
      avatar: null,
      // Not a PHC string: no password matches it (a malformed hash is a wrong password).
      password_hash: '!never-signed-in',
      default_account_id: DEMO_PRODUCOES,
      root_directory: null,
      last_login_at: null,
    })
    .execute();
  await db
    .insertInto('memberships')
    .values({ user_id: DEMO_GUEST.id, account_id: DEMO_PRODUCOES, role_id: DEMO_GUEST.roleId })
    .execute();
  await db
    .insertInto('live_streams')
    .values(
      Object.values(DEMO_STREAMS).map((s: DemoStream) => {
        const settings: StreamSettings = { ...DEFAULT_SETTINGS, ...s.settings };
        const signals: Signal[] = s.signals.map((sig) => ({ ...sig, key: key() }));
        return {
          id: s.id,
          account_id: s.accountId,
          nome: s.nome,
          descricao: s.descricao,
          status: s.status,
          scheduled_start_time: at(s.scheduledIn)!,
          started_at: at(s.startedIn),
          finished_at: at(s.finishedIn),
          type: settings.type,
          latency: settings.latency,
          auto_start: settings.autoStart,
          auto_cuts: settings.autoCuts,
          player_color: settings.playerColor,
          transcode: JSON.stringify(settings.transcode),
          security: JSON.stringify(settings.security),
          ads: JSON.stringify(settings.ads),
          studio: JSON.stringify(settings.studio),
          analytics_measurement_id: settings.analyticsMeasurementId,
          stream_key: key(),
          signals: JSON.stringify(signals),
        };
      }),
    )
    .execute();
}
