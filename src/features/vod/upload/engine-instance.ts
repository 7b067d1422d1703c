import { apiVoid } from '@/lib/api-client';
import { type BroadcastMessage, broadcast } from '@/lib/broadcast';
import { i18n } from '@/lib/i18n';
import { getConfig } from '@/lib/server-config';
import { session } from '@/lib/session';
import { getUploadState } from '../api/get-upload-state';
import { CHUNK_OVERRIDE_KEY, parseChunkOverride } from './chunking';
import { type Bus, type BusMessage, UploadEngine } from './engine';
import * as store from './queue-store';
import { sleepUnlessAborted } from './runner';
import { saveSenderContext } from './sender-context';
import { UPLOAD_LEADER_LOCK } from './sync-names';
import { onSyncNudge, requestSyncNudge } from './sync-nudge';
import { sendSource } from './transport';

/** Holds the leader lock for the life of the tab (released when it closes); without Web Locks every
 * tab leads (old browsers: two tabs could both send, which the server's idempotent writes absorb). */
function lead(onLeader: () => void) {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) {
    onLeader();
    return;
  }
  void locks.request(UPLOAD_LEADER_LOCK, () => new Promise<void>(() => onLeader()));
}

function chunkOverride(): number | undefined {
  try {
    return parseChunkOverride(localStorage.getItem(CHUNK_OVERRIDE_KEY));
  } catch {
    return undefined;
  }
}

/** The configuration is read once per page (again after a failure). */
let config: ReturnType<typeof getConfig> | undefined;
function cachedConfig() {
  config ??= getConfig().catch((error: unknown) => {
    config = undefined;
    throw error;
  });
  return config;
}

const isUploadMessage = (m: BroadcastMessage): m is BroadcastMessage & BusMessage =>
  m.type === 'upload-progress' || m.type === 'upload-request';

const bus: Bus = {
  post: (message) => broadcast.post(message),
  subscribe: (listener) =>
    broadcast.subscribe((m) => {
      if (isUploadMessage(m)) listener(m);
    }),
};

let navigate: ((to: string) => void) | undefined;
/** The page that shows uploads lends its router navigation (for /blocked); a full load otherwise. */
export function setUploadNavigator(fn: (to: string) => void): () => void {
  navigate = fn;
  return () => {
    if (navigate === fn) navigate = undefined;
  };
}

/** Before asking for Background Sync: what the service worker needs to send the kept files itself
 * (docs/uploads.md "The service worker sends the chunks"). */
async function keepSenderContext() {
  const { authToken, user } = session.get();
  if (!authToken || !user) return;
  await saveSenderContext({
    token: authToken,
    userId: user.id,
    language: i18n.locale || 'pt-BR',
    chunkBytes: chunkOverride(),
  });
}

let engine: UploadEngine | undefined;

/** The one upload engine of this page. */
export function getUploadEngine(): UploadEngine {
  if (engine) return engine;
  const instance = new UploadEngine({
    getConfig: cachedConfig,
    getState: getUploadState,
    send: sendSource,
    token: () => session.get().authToken,
    language: () => i18n.locale || 'pt-BR',
    online: () => navigator.onLine,
    chunkOverride,
    sleep: sleepUnlessAborted,
    store,
    bus,
    userId: () => session.get().user?.id,
    lead,
    requestSync: () => void keepSenderContext().then(requestSyncNudge),
    blocked: () => (navigate ? navigate('/blocked') : window.location.assign('/blocked')),
    // A 401 on the upload host: one API call lets the app's own 401 handling sign the user out.
    unauthorized: () => void apiVoid('/bff/me').catch(() => undefined),
  });
  window.addEventListener('online', () => instance.kick());
  window.addEventListener('offline', () => instance.offline());
  onSyncNudge(() => instance.kick());
  engine = instance;
  return instance;
}
