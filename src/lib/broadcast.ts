import {
  array,
  boolean,
  enums,
  type Infer,
  instance,
  is,
  literal,
  number,
  object,
  optional,
  string,
  union,
} from 'superstruct';

/** One upload of the VOD upload queue, as its leader tab shows it (docs/uploads.md). */
const UploadProgressItemStruct = object({
  id: string(),
  videoId: string(),
  accountId: string(),
  userId: string(),
  name: string(),
  size: number(),
  type: string(),
  lastModified: number(),
  offset: number(),
  attempts: number(),
  status: enums(['awaiting', 'uploading', 'paused', 'needs-file', 'done', 'failed']),
  progress: number(),
  fileStored: boolean(),
  error: optional(string()),
  createdAt: number(),
});

/** The messages the console's tabs exchange over BroadcastChannel('palco'). */
export const BroadcastMessageStruct = union([
  /** The sender switched team and already stored the new session (localStorage). */
  object({ type: literal('team'), teamId: string() }),
  /** The sender created, renamed or re-pictured a team and already stored the new session. */
  object({ type: literal('teams') }),
  /** The sender signed out. */
  object({ type: literal('logout') }),
  /** A high-FPS alert was shown in one tab (SPEC: evento, timestamp, live_id, titulo). */
  object({
    type: literal('fps-alert'),
    evento: optional(string()),
    timestamp: optional(union([string(), number()])),
    live_id: optional(union([string(), number()])),
    titulo: optional(string()),
  }),
  /** The tab that runs the uploads (it holds the 'palco-upload-leader' lock) shows their progress. */
  object({ type: literal('upload-progress'), items: array(UploadProgressItemStruct) }),
  /** Another tab asks the upload leader to act: a new or re-picked item (with its File, which a
   * BroadcastChannel can carry), a retry, a dismissal, or just a fresh 'upload-progress'. */
  object({
    type: literal('upload-request'),
    videoId: optional(string()),
    file: optional(instance(Blob)),
    dismiss: optional(boolean()),
  }),
]);
export type BroadcastMessage = Infer<typeof BroadcastMessageStruct>;

export const BROADCAST_CHANNEL_NAME = 'palco';

type Listener = (message: BroadcastMessage) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  if (typeof BroadcastChannel === 'undefined') {
    channel = null;
    return channel;
  }
  channel = new BroadcastChannel(BROADCAST_CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent) => {
    // Anything that is not one of our messages (another app, an old build) is ignored.
    if (!is(event.data, BroadcastMessageStruct)) return;
    for (const l of listeners) l(event.data);
  };
  return channel;
}

/** A typed wrapper over BroadcastChannel('palco'). A tab never receives its own posts. */
export const broadcast = {
  post(message: BroadcastMessage) {
    try {
      getChannel()?.postMessage(message);
    } catch {
      // A closed channel (page unloading) is not worth an error.
    }
  },
  subscribe(listener: Listener): () => void {
    getChannel();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
