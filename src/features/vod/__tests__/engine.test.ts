import { describe, expect, it } from 'vitest';
import { type BusMessage, type EngineDeps, type QueueStore, UploadEngine } from '../upload/engine';
import type { UploadItem } from '../upload/status';
import type { SendRequest, SendResult } from '../upload/transport';

/** A fake upload host that behaves like docs/api-videos.md: a durable offset, idempotent writes. */
class FakeServer {
  data: Uint8Array;
  offset = 0;
  /** Bytes that reached it in chunk bodies (re-sent ones included). */
  received = 0;
  requests: Array<{ range?: string }> = [];
  /** Scripted answers for the next requests (then normal behaviour). */
  script: Array<SendResult['outcome'] | 'normal' | (() => SendResult['outcome'])> = [];
  stateCalls = 0;
  constructor(readonly total: number) {
    this.data = new Uint8Array(total);
  }
  async send(req: SendRequest): Promise<SendResult> {
    this.requests.push({ range: req.contentRange });
    const scripted = this.script.shift();
    if (typeof scripted === 'function') return { outcome: scripted() };
    if (scripted && scripted !== 'normal') return { outcome: scripted };
    const bytes = new Uint8Array(await req.blob.arrayBuffer());
    this.received += bytes.length;
    if (!req.contentRange) {
      this.data.set(bytes, 0);
      this.offset = bytes.length;
      return { outcome: { kind: 'answer', status: 202, offset: this.offset } };
    }
    const [, s, e, t] = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(req.contentRange)!.map(Number) as number[];
    if (t !== this.total) return { outcome: { kind: 'answer', status: 400 } };
    if (s! > this.offset) return { outcome: { kind: 'answer', status: 409, offset: this.offset } };
    if (e! >= this.offset) {
      this.data.set(bytes.subarray(this.offset - s!), this.offset);
      this.offset = e! + 1;
    }
    const status = this.offset === this.total ? 202 : 201;
    return { outcome: { kind: 'answer', status, offset: this.offset } };
  }
}

function memoryStore(files = new Map<string, Blob>()): QueueStore & { items: Map<string, UploadItem> } {
  const items = new Map<string, UploadItem>();
  return {
    items,
    loadItems: async () => [...items.values()],
    saveItem: async (i) => void items.set(i.id, i),
    removeItem: async (id) => {
      items.delete(id);
      files.delete(id);
    },
    storeFile: async (id, f) => {
      files.set(id, f);
      return true;
    },
    loadFile: async (id) => files.get(id),
    removeFile: async (id) => void files.delete(id),
  };
}

const SIZE = 10;
const bytes = Uint8Array.from({ length: SIZE }, (_, i) => i + 1);
const file = () => new File([bytes], 'aula.mp4', { type: 'video/mp4' });
const newItem = (patch: Partial<UploadItem> = {}): UploadItem => ({
  id: 'v1',
  videoId: 'v1',
  accountId: 'a1',
  userId: 'u1',
  name: 'aula.mp4',
  size: SIZE,
  type: 'video/mp4',
  lastModified: 0,
  offset: 0,
  attempts: 0,
  status: 'awaiting',
  progress: 0,
  fileStored: false,
  createdAt: 1,
  ...patch,
});

function setup(options: { simple?: boolean; leader?: boolean; store?: ReturnType<typeof memoryStore> } = {}) {
  const server = new FakeServer(SIZE);
  const store = options.store ?? memoryStore();
  const posted: BusMessage[] = [];
  const env = { online: true, blocked: 0, unauthorized: 0, syncRequests: 0 };
  const deps: EngineDeps = {
    getConfig: async () =>
      options.simple
        ? { uploadUrl: 'http://h', apiUrl: 'http://h' }
        : { uploadUrl: 'http://h/upload', apiUrl: 'http://h' },
    getState: async () => {
      server.stateCalls++;
      return { offset: server.offset, complete: server.offset === server.total };
    },
    send: (req) => server.send(req),
    token: () => 't',
    language: () => 'pt-BR',
    online: () => env.online,
    chunkOverride: () => 4,
    sleep: async () => undefined,
    store,
    bus: { post: (m) => void posted.push(m), subscribe: () => () => undefined },
    userId: () => 'u1',
    lead: (onLeader) => {
      if (options.leader !== false) onLeader();
    },
    requestSync: () => void env.syncRequests++,
    blocked: () => void env.blocked++,
    unauthorized: () => void env.unauthorized++,
  };
  const engine = new UploadEngine(deps);
  /** Resolves once the queue has nothing left to do. */
  const settled = async () => {
    for (let i = 0; i < 200; i++) {
      await new Promise((r) => setTimeout(r, 1));
      const running = (engine as unknown as { running: boolean }).running;
      if (!running) return;
    }
    throw new Error('engine did not settle');
  };
  const item = () => engine.getSnapshot().find((i) => i.id === 'v1');
  return { server, store, posted, env, engine, settled, item };
}

describe('upload engine', () => {
  it('sends a file in chunks with Content-Range and completes on 202; every byte once', async () => {
    const t = setup();
    await t.engine.start();
    await t.engine.enqueue(newItem(), file());
    await t.settled();
    expect(t.server.requests.map((r) => r.range)).toEqual(['bytes 0-3/10', 'bytes 4-7/10', 'bytes 8-9/10']);
    expect(t.server.data).toEqual(bytes);
    expect(t.server.received).toBe(SIZE);
    expect(t.item()).toMatchObject({ status: 'done', progress: 100 });
    // The kept file is let go once the upload is done.
    expect(await t.store.loadFile('v1')).toBeUndefined();
  });

  it('on resume asks the server first and sends only what it never stored', async () => {
    const store = memoryStore();
    await store.saveItem(newItem({ offset: 0, status: 'uploading' }));
    await store.storeFile('v1', file());
    const t = setup({ store });
    t.server.offset = 6;
    t.server.data.set(bytes.subarray(0, 6));
    await t.engine.start();
    await t.settled();
    expect(t.server.stateCalls).toBeGreaterThan(0);
    expect(t.server.requests.map((r) => r.range)).toEqual(['bytes 6-9/10']);
    expect(t.server.received).toBe(4);
    expect(t.server.data).toEqual(bytes);
    expect(t.item()!.status).toBe('done');
  });

  it('retries 5xx and network errors, then carries on from the server offset', async () => {
    const t = setup();
    t.server.script = ['normal', { kind: 'answer', status: 503 }, { kind: 'network' }, 'normal', 'normal'];
    await t.engine.start();
    await t.engine.enqueue(newItem(), file());
    await t.settled();
    expect(t.item()).toMatchObject({ status: 'done', attempts: 0 });
    expect(t.server.data).toEqual(bytes);
  });

  it('fails with progress 0 after 5 attempts on one chunk', async () => {
    const t = setup();
    t.server.script = [
      'normal',
      ...Array.from({ length: 5 }, () => ({ kind: 'answer' as const, status: 500 })),
    ];
    await t.engine.start();
    await t.engine.enqueue(newItem(), file());
    await t.settled();
    expect(t.server.requests).toHaveLength(6);
    expect(t.item()).toMatchObject({ status: 'failed', progress: 0, attempts: 5 });
  });

  it('a 4xx fails at once', async () => {
    const t = setup();
    t.server.script = [{ kind: 'answer', status: 400 }];
    await t.engine.start();
    await t.engine.enqueue(newItem(), file());
    await t.settled();
    expect(t.server.requests).toHaveLength(1);
    expect(t.item()!.status).toBe('failed');
  });

  it('409 re-syncs to the server offset', async () => {
    const t = setup();
    await t.engine.start();
    // The server already has 8 bytes the item does not know about: a chunk from 0 overlaps (201 at 8).
    t.server.offset = 8;
    t.server.data.set(bytes.subarray(0, 8));
    t.server.script = [{ kind: 'answer', status: 409, offset: 8 }];
    await t.engine.enqueue(newItem(), file());
    await t.settled();
    expect(t.server.requests.at(-1)!.range).toBe('bytes 8-9/10');
    expect(t.item()!.status).toBe('done');
  });

  it('offline pauses without spending attempts, and the network coming back resumes', async () => {
    const t = setup();
    // The network drops while the second chunk is on its way: the engine aborts it.
    const drop = () => {
      t.env.online = false;
      return { kind: 'aborted' as const };
    };
    t.server.script = ['normal', drop];
    await t.engine.start();
    await t.engine.enqueue(newItem(), file());
    await t.settled();
    expect(t.item()).toMatchObject({ status: 'paused', attempts: 0 });
    expect(t.env.syncRequests).toBe(1);
    t.env.online = true;
    t.engine.kick();
    await t.settled();
    expect(t.item()!.status).toBe('done');
    expect(t.server.data).toEqual(bytes);
    // The aborted chunk was sent again, nothing else twice.
    expect(t.server.received).toBe(SIZE);
  });

  it('an item added while offline waits, paused, without a request', async () => {
    const t = setup();
    t.env.online = false;
    await t.engine.start();
    await t.engine.enqueue(newItem(), file());
    await t.settled();
    expect(t.server.requests).toHaveLength(0);
    expect(t.item()!.status).toBe('paused');
  });

  it('a blocked account (403) fails the upload and sends the user to /blocked', async () => {
    const t = setup();
    t.server.script = [{ kind: 'answer', status: 403 }];
    await t.engine.start();
    await t.engine.enqueue(newItem(), file());
    await t.settled();
    expect(t.env.blocked).toBe(1);
    expect(t.item()!.status).toBe('failed');
  });

  it('a file that was not kept is asked for again; only the same file is accepted', async () => {
    const store = memoryStore();
    await store.saveItem(newItem({ offset: 4, status: 'uploading' }));
    const t = setup({ store });
    t.server.offset = 4;
    t.server.data.set(bytes.subarray(0, 4));
    await t.engine.start();
    await t.settled();
    expect(t.item()!.status).toBe('needs-file');
    expect(await t.engine.provideFile('v1', new File([new Uint8Array(9)], 'aula.mp4'))).toBe(false);
    expect(await t.engine.provideFile('v1', new File([bytes], 'outra.mp4'))).toBe(false);
    expect(await t.engine.provideFile('v1', file())).toBe(true);
    await t.settled();
    expect(t.server.requests.map((r) => r.range)).toEqual(['bytes 4-7/10', 'bytes 8-9/10']);
    expect(t.item()!.status).toBe('done');
  });

  it('simple mode (upload host = standard host): one request with the whole file', async () => {
    const t = setup({ simple: true });
    t.server.script = [{ kind: 'network' }, 'normal'];
    await t.engine.start();
    await t.engine.enqueue(newItem(), file());
    await t.settled();
    expect(t.server.requests).toEqual([{ range: undefined }, { range: undefined }]);
    expect(t.item()!.status).toBe('done');
  });

  it('a tab that is not the leader hands the item and its file to the leader', async () => {
    const t = setup({ leader: false });
    await t.engine.start();
    const f = file();
    await t.engine.enqueue(newItem(), f);
    expect(t.server.requests).toHaveLength(0);
    expect(t.posted).toContainEqual({ type: 'upload-request', videoId: 'v1', file: f });
    expect(t.store.items.get('v1')).toBeDefined();
  });
});

describe('removing an item', () => {
  it('stops its request in flight and goes on with the next', async () => {
    const t = setup();
    let removed = false;
    t.server.script = [
      () => {
        // The video is deleted while its first chunk is on its way.
        void t.engine.remove('v1');
        removed = true;
        return { kind: 'aborted' };
      },
    ];
    await t.engine.start();
    await t.engine.enqueue(newItem(), file());
    await t.engine.enqueue(newItem({ id: 'v2', videoId: 'v2', createdAt: 2 }), file());
    await t.settled();
    expect(removed).toBe(true);
    expect(t.engine.getSnapshot().map((i) => [i.id, i.status])).toEqual([['v2', 'done']]);
    expect(t.store.items.has('v1')).toBe(false);
  });
});
