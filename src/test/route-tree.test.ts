import type { AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from '@/routeTree.gen';

/*
 * Every signed-in page loads the one way (docs/decisions.md "Loading a page"): a route that renders a
 * page of data has a loader that starts (or awaits) the page's queries, and every page is gated
 * (docs/routes.md). The generated route tree is walked, so a new route file is held to both rules.
 */

/** Pages under /_authed that render no data of their own, and why (a new entry needs a reason). */
const DATA_FREE: Record<string, string> = {
  '/_authed': 'the guard: its beforeLoad loads the user, its component only follows the session',
  '/_authed/_shell': 'the layout: the menu reads the session the guard loaded',
  '/_authed/blocked': 'a fixed text: the team is blocked',
  '/_authed/select-team': 'its beforeLoad loads the teams (it must choose one before anything renders)',
};

/** Pages any signed-in member with a team may open: the _authed guard is their gate. */
const OPEN_TO_EVERY_MEMBER: Record<string, string> = {
  '/_authed/_shell': 'the layout around every page',
  '/_authed/blocked': 'where the guard sends a blocked team',
  '/_authed/_shell/dashboard': 'the breadcrumb home: each part shows by permission',
  '/_authed/_shell/profile': 'the own profile',
  '/_authed/_shell/records': 'the activity log: the server scopes the entries (SPEC §6)',
  '/_authed/_shell/overlays': 'the page says what a member without showStreaming may not do',
  '/_authed/_shell/preview/$signalId/$liveId': 'the server answers the stream to whoever may read it',
};

interface Walked {
  id: string;
  route: AnyRoute;
  /** Whether a route above it (or itself) is the signed-in guard. */
  underGuard: boolean;
}

function walk(route: AnyRoute, parentId: string, underGuard: boolean, out: Walked[]): Walked[] {
  const own = (route.options as { id?: string; path?: string }).id;
  const id = parentId === '' ? '' : `${parentId === '/' ? '' : parentId}${own ?? ''}`;
  const guarded = underGuard || id === '/_authed';
  if (id !== '') out.push({ id, route, underGuard: guarded });
  const children = (route.children ?? {}) as Record<string, AnyRoute> | AnyRoute[];
  for (const child of Object.values(children)) walk(child, id === '' ? '/' : id, guarded, out);
  return out;
}

const routes = walk(routeTree as unknown as AnyRoute, '', false, []);
const authed = routes.filter((r) => r.underGuard);
/** Whether the route sets that option (a loader, a beforeLoad, a component). */
const has = (r: Walked, option: 'loader' | 'beforeLoad' | 'component') =>
  (r.route.options as unknown as Record<string, unknown>)[option] !== undefined;

describe('the route tree', () => {
  it('finds the signed-in pages under the guard', () => {
    expect(authed.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        '/_authed',
        '/_authed/_shell',
        '/_authed/_shell/teams',
        '/_authed/_shell/vod/',
      ]),
    );
    expect(has(authed.find((r) => r.id === '/_authed')!, 'beforeLoad')).toBe(true);
  });

  it('gives every signed-in page of data a loader', () => {
    const missing = authed
      .filter((r) => has(r, 'component') && !(r.id in DATA_FREE) && !has(r, 'loader'))
      .map((r) => r.id);
    expect(missing).toEqual([]);
  });

  it('gates every signed-in page, or lists it as open to every member', () => {
    const ungated = authed
      .filter((r) => r.id !== '/_authed' && !has(r, 'beforeLoad') && !(r.id in OPEN_TO_EVERY_MEMBER))
      .map((r) => r.id);
    expect(ungated).toEqual([]);
  });

  it('lists only routes that exist', () => {
    const ids = new Set(authed.map((r) => r.id));
    expect(
      [...Object.keys(DATA_FREE), ...Object.keys(OPEN_TO_EVERY_MEMBER)].filter((id) => !ids.has(id)),
    ).toEqual([]);
  });
});
