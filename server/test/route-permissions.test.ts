import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/db/seed.ts';
import { ALL_PERMISSIONS, type RoutePermission, STAFF_PERMISSION } from '../src/permissions.ts';
import { expectDeclaration } from '../src/plugins/permissions.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { type Fixture, makeFixture, requestFor, snapshot } from './route-permissions-helpers.ts';
import { userWith } from './streams-helpers.ts';

/** Every route anyone may call without a token. A new one must be added here on purpose. */
const PUBLIC = [
  'GET /healthz',
  'GET /readyz',
  // The operator's METRICS_TOKEN is checked by the route itself (docs/security.md "Operator endpoints").
  'GET /metrics',
  'GET /docs/json',
  'GET /docs',
  // The reference page's own script and the Swagger UI files it loads.
  'GET /docs/static/init.js',
  'GET /docs/static/:file',
  'POST /api/user/login',
  // The second step of a two-factor sign-in: the signed challenge of the password step is the key.
  'POST /api/user/login/2fa',
  'POST /bff/forget-password/send-email',
  'POST /bff/forget-password/update-password',
  'GET /media/streams/:accountId/:streamId/:file',
  'GET /media/live/:accountId/:streamId/:signalId/:token/:file',
  'GET /bff/config',
  'GET /media/:accountId/:videoId/:token/*',
  // Authorisation popups carry no session: the single-use state is the key (docs/integrations.md).
  'GET /bff/palco-youtube/oauth',
  'GET /bff/palco-youtube/oauth/callback',
  'GET /bff/facebook/oauth',
  'GET /bff/facebook/oauth/callback',
  // The invitee may have no account yet (docs/api-admin.md); the link's secret is the key.
  'GET /v1/invitation-links/:token',
  'POST /v1/invitation-links/:token/accept',
  // The token arrives in the socket's first message (docs/realtime.md).
  'GET /ws/:contaId',
  // Overlay images, drawn by viewers' players (docs/classroom.md): the unguessable name is the key.
  'GET /media/overlays/:accountId/:file',
  'GET /media/teams/:id/:file',
  'GET /media/users/:id/:file',
  // The classroom: viewers hold no session (docs/classroom.md); rate-limited per address.
  'GET /bff/classroom/:liveId',
  'POST /v1/studio/lives/participantes',
  'GET /v1/public/classroom/:liveId/chat',
  // Studio guests (docs/studio.md): the guest link's signed token, then the guest's session secret.
  'GET /v1/studio/lives/:liveId/guest-link',
  'GET /v1/studio/guests/:guestId',
  'DELETE /v1/studio/guests/:guestId',
  'POST /v1/studio/guests/:guestId/whip',
  'DELETE /v1/studio/guests/:guestId/whip/:sessionId',
  'POST /v1/public/classroom/:liveId/chat',
  // Players: no session (docs/playback.md "Viewer channel").
  'GET /v1/public/lives/:liveId/channel',
  // The signed playback session in the body is the credential.
  'POST /v1/public/beacons',
  'POST /v1/public/videos/:videoId/likes',
  'DELETE /v1/public/videos/:videoId/likes',
  // Viewers: rules applied, then tokens bound to the live/video (docs/playback.md).
  'GET /v1/public/lives/:liveId/playback',
  'GET /v1/public/videos/:videoId/playback',
  'GET /play/live/:liveId/:token/*',
  'GET /play/vod/:videoId/:token/*',
  // CORS preflights of a customer's own player (docs/playback.md "Use your own player").
  'OPTIONS /v1/public/lives/:liveId/playback',
  'OPTIONS /v1/public/videos/:videoId/playback',
  'OPTIONS /play/live/:liveId/:token/*',
  'OPTIONS /play/vod/:videoId/:token/*',
  // CORS preflights of the source upload on another origin (docs/api-videos.md); the upload itself
  // is authenticated.
  'OPTIONS /v1/videos/:id/source',
  'OPTIONS /upload/v1/videos/:id/source',
  // WHIP (docs/studio.md): the signal key as Bearer token is the credential; CORS preflights.
  'POST /whip',
  'DELETE /whip/:sessionId',
  'OPTIONS /whip',
  'OPTIONS /whip/:sessionId',
  // WHEP: the playback token in the path (the same rules as the HLS media); the session's unguessable
  // Location ends it; CORS preflights (docs/playback.md "WHEP").
  'POST /whep/live/:liveId/:token',
  'OPTIONS /whep/live/:liveId/:token',
  'DELETE /whep/sessions/:sessionId',
  'OPTIONS /whep/sessions/:sessionId',
  // Integrations (docs/integrations.md): the popups carry a single-use state bound to the user who
  // started them; the callbacks are the providers' redirect URIs; Zoom's notifications are signed.
  'GET /bff/zoom/oauth',
  'GET /bff/zoom/oauth-multi',
  'GET /bff/zoom/oauth/callback',
  'POST /bff/zoom/webhook',
  'GET /bff/google-meet/oauth',
  'GET /bff/google-meet/oauth/callback',
];

/**
 * Every signed-in write route a team blocked for non-payment may still call (docs/billing.md "Blocking
 * for non-payment"): the rest add content or storage and declare `blocked`. A new write route must be
 * put in one of the two on purpose.
 */
const ALLOWED_WHILE_BLOCKED = [
  // The person: session, profile, password, two-factor, their own picture.
  'POST /bff/logout',
  'PUT /bff/me/selected-team',
  'PATCH /v1/me/profile',
  'POST /v1/me/avatar',
  'POST /v1/me/password',
  'POST /v1/me/sign-out-others',
  'POST /v1/me/2fa/setup',
  'POST /v1/me/2fa/enable',
  'POST /v1/me/2fa/disable',
  // Administration of who is in the team and what they may do.
  'POST /v1/invitations',
  'POST /v1/invitations/:id/resend',
  'POST /v1/members',
  'PATCH /v1/users/:userId/role',
  'POST /v1/roles',
  'PATCH /v1/roles/:roleId',
  'PATCH /v1/client-teams/:teamId',
  'PATCH /v1/account/settings',
  // Staff's billing desk (block, unblock, plans, usage).
  'POST /v1/billing/usage/rebuild',
  'POST /v1/clients/:clientId/block',
  'POST /v1/clients/:clientId/unblock',
  'PUT /v1/clients/:clientId/plan',
  // What exists keeps running: lives already live pause, resume and end (start is refused by the
  // control route itself), their settings, keys, overlays and viewer IDs; videos keep their data.
  'PUT /v1/live-streams/:id/control/:action',
  'PATCH /v1/live-streams/:id',
  'PUT /v1/live-streams/:id/classroom',
  'POST /v1/live-streams/:id/keys/regenerate',
  'POST /v1/live-streams/:id/viewer-id',
  // A live already running keeps its studio guests coming and going.
  'POST /v1/live-streams/:id/studio/guest-link',
  'PUT /v1/live-streams/:id/studio/guests/:guestId/:action',
  'POST /v1/live-streams/:id/studio/guests/:guestId/whep',
  // …and its host keeps chatting (attendees' own chat is public).
  'POST /v1/live-streams/:id/studio/chat',
  'POST /v1/live-streams/apply-settings',
  'PUT /bff/lives/preset',
  'PUT /v1/live-streams/:id/overlays',
  'PATCH /v1/accounts/:accountId/overlays/:overlayId',
  'PATCH /v1/videos/:id',
  // Undoing an integration (it revokes a grant, adds nothing).
  'POST /bff/palco-youtube/deauthorize',
  'POST /bff/facebook/deauthorize',
  // Integrations already set up keep being told what happens.
  // Integrations already set up keep being told what happens; one may still be undone.
  'POST /bff/zoom/deauthorize',
  'POST /bff/zoom/deauthorize-multi',
  'POST /bff/google-meet/deauthorize',
  'POST /v1/webhooks',
  'POST /v1/webhooks/:id/deliveries/:deliveryId/redeliver',
];

let server: TestServer;
let fixture: Fixture;

beforeAll(async () => {
  server = await startTestServer();
  fixture = await makeFixture(server.app, await loginAs(server.app, DEMO_USERS.owner.login));
});
afterAll(async () => {
  await server?.close();
});

/** The routes of the app, without fastify's HEAD twins of GET routes (same declaration). */
const routes = () => server.app.routePermissions.filter((r) => r.method !== 'HEAD');
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const describePermission = (p: RoutePermission | undefined) =>
  typeof p === 'object' ? p.anyOf.join(' or ') : String(p);

describe('the route table', () => {
  it('declares a permission on every route, and only the listed routes are public', () => {
    const all = server.app.routePermissions;
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter((r) => r.permission === undefined).map(key)).toEqual([]);
    const open = routes()
      .filter((r) => r.permission === 'public')
      .map(key);
    expect(open.sort()).toEqual([...PUBLIC].sort());
    if (process.env.PRINT_ROUTE_PERMISSIONS) {
      const rows = routes().map((r) => `| \`${key(r)}\` | ${describePermission(r.permission)} |`);
      console.log(['| route | permission |', '|---|---|', ...rows].join('\n'));
    }
  });

  it('declares the blocked rule on every write route but those a blocked client may still call', () => {
    const writes = routes().filter(
      (r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && r.permission !== 'public',
    );
    expect(writes.length).toBeGreaterThan(40);
    const undeclared = writes.filter((r) => !r.blocked).map(key);
    expect(undeclared.sort()).toEqual([...ALLOWED_WHILE_BLOCKED].sort());
    // What adds content or storage is refused: lives, videos, folders, overlays, images, teams, keys.
    const refused = writes.filter((r) => r.blocked).map(key);
    for (const route of [
      'POST /v1/live-streams',
      'POST /v1/videos/vod',
      'POST /v1/contents',
      'POST /v1/directories',
      'POST /v1/accounts/:accountId/overlays',
      'POST /v1/accounts/:accountId/overlays/:overlayId/image',
      'POST /v1/live-streams/:id/classroom/speakers/:speakerId/avatar',
      'POST /v1/account/logo',
      'POST /v1/videos/:id/thumbnail',
      'POST /v1/client-teams',
      'POST /v1/api-keys',
    ])
      expect(refused).toContain(route);
  });

  it('declares showVOD on every video-library route', () => {
    const library = routes().filter(
      (r) =>
        // (Not the upload's CORS preflights: public, a browser's preflight carries no token.)
        (/^(\/upload)?\/v1\/(videos|directories|contents)/.test(r.url) && r.method !== 'OPTIONS') ||
        // (Not the library's audience figures, `GET /v1/analytics/vod`: showStreamingAnalytics.)
        r.url.startsWith('/v1/analytics/vod/'),
    );
    expect(library.length).toBeGreaterThanOrEqual(20);
    for (const r of library) expect([key(r), r.permission]).toEqual([key(r), { anyOf: ['showVOD'] }]);
  });

  it('refuses to start with a route that declares nothing, or a public one in the signed-in scope', async () => {
    for (const [scope, config] of [
      ['authenticated', undefined],
      ['authenticated', { permission: 'public' }],
      ['public', undefined],
      ['public', { permission: 'authenticated' }],
    ] as const) {
      const app = Fastify();
      app.register(async (scoped) => {
        scoped.addHook('onRoute', expectDeclaration(scope));
        scoped.get('/forgotten', { ...(config ? { config } : {}) }, async () => ({ ok: true }));
      });
      await expect(app.ready()).rejects.toThrow(/GET \/forgotten/);
      await app.close();
    }
  });
});

describe('a member without the declared permission', () => {
  it('gets 403 from every route that declares one, and changes nothing', async () => {
    // Deletions last: were one let through, the calls after it would still reach a live object.
    const declared = routes()
      .filter((r) => r.permission === 'staff' || typeof r.permission === 'object')
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(declared.length).toBeGreaterThan(30);
    const tokens = new Map<string, string>();
    /** A member of the team holding every permission except the route's (and never staff). */
    const lacking = async (permission: RoutePermission) => {
      const missing: readonly string[] = typeof permission === 'object' ? permission.anyOf : [];
      const name = missing.join('-').toLowerCase() || 'all';
      if (!tokens.has(name)) {
        const held = ALL_PERMISSIONS.filter((p) => p !== STAFF_PERMISSION && !missing.includes(p));
        tokens.set(name, await userWith(server.app, fixture.accountId, `sem-${name}@palco.test`, held));
      }
      return tokens.get(name)!;
    };
    for (const r of declared) await lacking(r.permission!);

    const before = await snapshot(server.app, fixture);
    const refused: string[] = [];
    for (const r of declared) {
      const res = await server.app.inject(requestFor(r, fixture, await lacking(r.permission!)));
      if (res.statusCode !== 403) refused.push(`${key(r)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      else expectError(res, 403);
    }
    expect(refused).toEqual([]);
    expect(await snapshot(server.app, fixture)).toEqual(before);
  });

  it('is let through by a role holding only one of them', async () => {
    const declared = routes()
      .filter((r) => typeof r.permission === 'object')
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const tokens = new Map<string, string>();
    for (const r of declared) {
      if (typeof r.permission !== 'object') continue;
      const permission = r.permission.anyOf.find((g) => g !== 'staff' && g !== 'manageTeamUsers');
      // Only a user who can manage the client's teams gets manageTeamUsers (e.g. /members' changes): no
      // role holds it, and the previous test already shows a role without it refused.
      if (!permission) continue;
      if (!tokens.has(permission)) {
        tokens.set(
          permission,
          await userWith(server.app, fixture.accountId, `so-${permission.toLowerCase()}@palco.test`, [
            permission,
          ]),
        );
      }
      const res = await server.app.inject(requestFor(r, fixture, tokens.get(permission)!));
      expect([key(r), res.statusCode === 403 ? res.body : 'not 403']).toEqual([key(r), 'not 403']);
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists the 403 of every permission-checked route', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const missing: string[] = [];
    for (const r of routes().filter((x) => x.permission === 'staff' || typeof x.permission === 'object')) {
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      if (!op?.responses['403']) missing.push(key(r));
    }
    expect(missing).toEqual([]);
  });
});
