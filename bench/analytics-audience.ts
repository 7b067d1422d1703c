// The simulated players of bench/analytics.ts, acting over HTTP as the embed does: the playback
// session, the manifest it names, the beacons. What the server acknowledges goes into the truth.
import { HttpPool, log, Tally } from './analytics-http.ts';
import type { Action, Plan, SimEvent, ViewerPlan } from './analytics-plan.ts';
import type { Place, Truth } from './analytics-truth.ts';

interface Player {
  plan: ViewerPlan;
  /** The truth's key of its view. */
  key: string;
  sessionId: string | null;
  viewerId: string | null;
  manifestUrl: string | null;
  /** Its actions run one after the other, as one player's requests do. */
  chain: Promise<void>;
}

export class Audience {
  readonly players: Player[];
  readonly tally = new Tally();
  readonly beaconMs: number[] = [];
  readonly beaconWireMs: number[] = [];
  readonly playbackMs: number[] = [];
  /** Per client address: when it posted how many events, and when it was issued a session. */
  readonly addressEvents = new Map<string, [number, number][]>();
  readonly addressSessions = new Map<string, number[]>();
  posts = 0;
  events = 0;
  /** Beacon posts answered, by the second (Date.now() / 1000) their answer came. */
  readonly answeredBySecond = new Map<number, number>();
  /** The viewers' connections to the server: the trusted proxy's keep-alive pool (a request waits
   * for a free one, as behind a proxy that caps its connections to the origin), one per instance. */
  readonly pools: HttpPool[];
  private readonly refused = new Set<string>();

  /** `base`: the server, or its instances (a scaled-out run): a player's requests all go to one of
   * them, the connections are shared out between them. */
  constructor(
    base: string | string[],
    private readonly liveId: string,
    plan: Plan,
    private readonly places: Map<string, Place>,
    private readonly truth: Truth,
    connections: number,
  ) {
    const bases = typeof base === 'string' ? [base] : base;
    const each = Math.ceil(connections / bases.length);
    this.pools = bases.map((b) => new HttpPool(b, each));
    this.players = plan.viewers.map((p) => ({
      plan: p,
      key: String(p.index),
      sessionId: null,
      viewerId: null,
      manifestUrl: null,
      chain: Promise.resolve(),
    }));
  }

  /** Runs `action` after the player's previous one; resolves when it is done. */
  enqueue(p: Player, action: Action): Promise<void> {
    p.chain = p.chain.then(() => this.exec(p, action));
    return p.chain;
  }

  /** Resolves once every player's last action is done. */
  async settled(): Promise<void> {
    await Promise.all(this.players.map((p) => p.chain));
  }

  close(): void {
    for (const pool of this.pools) pool.close();
  }

  /** The instance a player talks to (as a balancer that keeps a client on one instance), and its pool. */
  private route(p: Player): HttpPool {
    return this.pools[p.plan.index % this.pools.length]!;
  }

  private headersOf(p: Player) {
    return { 'x-forwarded-for': p.plan.address, 'user-agent': p.plan.ua };
  }

  private refusal(what: string, status: number, text: string) {
    if (this.refused.has(what)) return;
    this.refused.add(what);
    log(`    first refused ${what}: ${status} ${text.slice(0, 200)}`);
  }

  private async exec(p: Player, action: Action): Promise<void> {
    const pool = this.route(p);
    if (action.kind === 'arrive') {
      const res = await pool.request('GET', `/v1/public/lives/${this.liveId}/playback`, this.headersOf(p));
      this.tally.add('playback', res.status);
      this.playbackMs.push(res.ms);
      const sessions = this.addressSessions.get(p.plan.address) ?? [];
      sessions.push(Date.now());
      this.addressSessions.set(p.plan.address, sessions);
      if (res.status !== 200) return this.refusal('playback session', res.status, res.text);
      const info = JSON.parse(res.text) as {
        sessionId: string;
        manifestUrl: string | null;
        viewerId: string;
      };
      p.sessionId = info.sessionId;
      p.viewerId = info.viewerId;
      p.manifestUrl = info.manifestUrl;
      await this.post(p, [{ t: action.t, type: 'start', state: 'loading' }]);
    } else if (action.kind === 'manifest') {
      if (!p.manifestUrl) return;
      const res = await pool.request('GET', p.manifestUrl, this.headersOf(p));
      this.tally.add('manifest', res.status);
      if (res.status === 200) this.truth.media(p.key, Date.now());
      else this.refusal('manifest', res.status, res.text);
    } else await this.post(p, action.events);
  }

  private async post(p: Player, batch: SimEvent[]): Promise<void> {
    if (!p.sessionId) return;
    // `at` is the player's clock when the post leaves: the newest event now, the others before it.
    const now = Date.now();
    const last = batch[batch.length - 1]!.t;
    const sent = batch.map(({ t, ...e }) => ({ ...e, at: now - (last - t) }));
    const res = await this.route(p).request(
      'POST',
      '/v1/public/beacons',
      this.headersOf(p),
      JSON.stringify({ sessionId: p.sessionId, events: sent }),
    );
    this.tally.add('beacons', res.status);
    this.beaconMs.push(res.ms);
    this.beaconWireMs.push(res.wireMs);
    const list = this.addressEvents.get(p.plan.address) ?? [];
    list.push([now, sent.length]);
    this.addressEvents.set(p.plan.address, list);
    this.posts += 1;
    this.events += sent.length;
    const second = Math.floor(Date.now() / 1000);
    this.answeredBySecond.set(second, (this.answeredBySecond.get(second) ?? 0) + 1);
    if (res.status !== 204) return this.refusal('beacon', res.status, res.text);
    if (batch[0]!.type === 'start')
      this.truth.open(p.key, p.viewerId ?? p.key, p.plan.os, this.places.get(p.plan.address)!);
    this.truth.record(
      p.key,
      sent.map((e, i) => ({ ...batch[i]!, at: e.at })),
      Date.now(),
    );
  }
}
