import { describe, expect, it } from 'vitest';
import { buildMenu, crumbOf, menuKeys } from '../menu';

const OPERATOR = ['showStreaming', 'broadcast', 'showHistory', 'showVOD'];
const ALL_BUT_STAFF = [
  ...OPERATOR,
  'showUsers',
  'gerenciarTimes',
  'showRoles',
  'palcoStudioAnalytics',
  'showFinancial',
  'showStreamingAnalytics',
  'api',
  'integrations',
  'showAccountSettings',
  'showClients',
  'showPermissions',
  'showCustomerSupport',
];

describe('buildMenu (SPEC §6)', () => {
  it('gives an operator the content links and no Manager section', () => {
    const menu = buildMenu(OPERATOR, 'demo');
    expect(menuKeys(menu)).toEqual(['streaming', 'broadcast', 'historic', 'vod']);
    expect(menu.map((s) => s.key)).toEqual(['content']);
  });

  it('shows each content link only with its own permission', () => {
    expect(menuKeys(buildMenu(['showHistory'], 'x'))).toEqual(['historic']);
    expect(menuKeys(buildMenu(['showVOD'], 'x'))).toEqual(['vod']);
    expect(buildMenu([], 'x')).toEqual([]);
  });

  it('opens the Manager section with any of its permissions, Logs always inside it', () => {
    for (const p of [
      'showUsers',
      'gerenciarTimes',
      'showRoles',
      'palcoDeveloper',
      'showFinancial',
      'manageTeamUsers',
    ]) {
      const manager = buildMenu([p], 'x').find((s) => s.key === 'manager');
      expect(manager, p).toBeDefined();
      expect(manager!.items.map((i) => i.key)).toContain('records');
    }
    expect(
      buildMenu(['showClients', 'showPermissions', 'api'], 'x').find((s) => s.key === 'manager'),
    ).toBeUndefined();
  });

  it('marks Logs as beta and points the entries at the SPEC §2.2 routes', () => {
    const items = buildMenu(ALL_BUT_STAFF, 'x').flatMap((s) => s.items);
    const byKey = Object.fromEntries(items.map((i) => [i.key, i]));
    expect(byKey.records?.beta).toBe(true);
    expect(byKey.vod?.to).toBe('/vod/dashboard');
    expect(byKey.settings?.to).toBe('/account/settings');
    expect(byKey.apiKeys?.to).toBe('/api-keys');
  });

  it('gives manageTeamUsers Users and Teams, but not Roles or Billing', () => {
    const keys = menuKeys(buildMenu(['manageTeamUsers'], 'x'));
    expect(keys).toEqual(['users', 'records', 'teams']);
  });

  it('keeps Permissions and Clients for staff (palcoDeveloper), even when showClients is held', () => {
    const owner = menuKeys(buildMenu(ALL_BUT_STAFF, 'x'));
    expect(owner).not.toContain('permissions');
    expect(owner).not.toContain('clients');
    const staff = menuKeys(buildMenu([...ALL_BUT_STAFF, 'palcoDeveloper'], 'x'));
    expect(staff).toEqual(expect.arrayContaining(['permissions', 'clients', 'integrations']));
  });

  it('shows Integrações with integrations or palcoDeveloper, API keys with api, settings with showAccountSettings', () => {
    expect(menuKeys(buildMenu(['integrations'], 'x'))).toEqual(['integrations']);
    expect(menuKeys(buildMenu(['palcoDeveloper'], 'x'))).toContain('integrations');
    expect(menuKeys(buildMenu(['api'], 'x'))).toEqual(['apiKeys', 'webhooks']);
    expect(menuKeys(buildMenu(['showAccountSettings'], 'x'))).toEqual(['settings']);
  });

  it('builds the Analytics section: the console page, VOD analytics from diretorioRoot, studio analytics (beta)', () => {
    const host = 'https://stats.test';
    const streaming = buildMenu(['showStreamingAnalytics'], 'demo produções', host).find(
      (s) => s.key === 'analytics',
    );
    expect(streaming?.items.map((i) => i.key)).toEqual(['analytics', 'vodAnalytics']);
    expect(streaming?.items[0]?.to).toBe('/analytics');
    expect(streaming?.items[1]?.href).toBe('https://stats.test/vod/demo%20produ%C3%A7%C3%B5es');

    const studio = buildMenu(['palcoStudioAnalytics'], 'x', host).find((s) => s.key === 'analytics');
    expect(studio?.items.map((i) => [i.key, i.beta])).toEqual([['studioAnalytics', true]]);

    const staff = buildMenu(['palcoDeveloper'], 'x', host).find((s) => s.key === 'analytics');
    expect(staff?.items.map((i) => i.key)).toEqual(['analytics', 'studioAnalytics']);

    expect(buildMenu(['showVOD'], 'x', host).find((s) => s.key === 'analytics')).toBeUndefined();
  });

  it("shows the Analytics page and the console's VOD analytics without an analytics host (SPEC §6)", () => {
    const streaming = buildMenu(['showStreamingAnalytics'], 'demo', null).find((s) => s.key === 'analytics');
    expect(streaming?.title).toBeDefined();
    expect(streaming?.items.map((i) => [i.key, i.to])).toEqual([
      ['analytics', '/analytics'],
      ['vodAnalytics', '/analytics/vod'],
    ]);
    // The VOD link is showStreamingAnalytics' alone (SPEC §6); staff keeps the live page.
    const staff = buildMenu(['palcoDeveloper'], 'demo', null).find((s) => s.key === 'analytics');
    expect(staff?.items.map((i) => [i.key, i.to])).toEqual([['analytics', '/analytics']]);
    const all = ['showStreamingAnalytics', 'palcoStudioAnalytics', 'palcoDeveloper'];
    expect(menuKeys(buildMenu(all, 'demo', null)).filter((k) => k.endsWith('nalytics'))).toEqual([
      'analytics',
      'vodAnalytics',
    ]);
  });

  it('marks the live analytics entry as current on /analytics only, not on /analytics/vod under it', () => {
    const items = buildMenu(['showStreamingAnalytics'], 'demo', null).flatMap((s) => s.items);
    expect(items.find((i) => i.key === 'analytics')?.exact).toBe(true);
    expect(items.find((i) => i.key === 'vodAnalytics')?.exact).toBeUndefined();
  });

  it('links no external analytics app when this build has none (no placeholder host)', () => {
    const all = ['showStreamingAnalytics', 'palcoStudioAnalytics', 'palcoDeveloper'];
    const items = buildMenu(all, 'demo', null).flatMap((s) => s.items);
    expect(items.filter((i) => i.href !== undefined)).toEqual([]);
    // The studio permission alone opens the section, but with no host it has nothing to list.
    expect(
      buildMenu(['palcoStudioAnalytics'], 'demo', null).find((s) => s.key === 'analytics'),
    ).toBeUndefined();
  });

  it("links VOD analytics to the console's page without a root directory (the external page needs one)", () => {
    const section = buildMenu(['showStreamingAnalytics'], null, 'https://stats.test').find(
      (s) => s.key === 'analytics',
    );
    expect(section?.items.map((i) => [i.key, i.to, i.href])).toEqual([
      ['analytics', '/analytics', undefined],
      ['vodAnalytics', '/analytics/vod', undefined],
    ]);
  });
});

describe('crumbOf (the breadcrumb after its home, SPEC §2.2)', () => {
  const name = (path: string) => crumbOf(path)?.message ?? null;
  it('names a page by its menu entry, the pages under it too', () => {
    expect(name('/streaming')).toBe('Transmissões');
    expect(name('/streaming/new')).toBe('Transmissões');
    expect(name('/streaming/abc/panel')).toBe('Transmissões');
    expect(name('/vod/dashboard')).toBe('Video on Demand');
    expect(name('/account/settings')).toBe('Configurações');
  });
  it('takes the longest match, and names the shell pages outside the menu', () => {
    expect(name('/analytics')).toBe('Analytics');
    expect(name('/analytics/vod')).toBe('Analytics de VOD');
    expect(name('/overlays')).toBe('Overlays');
    expect(name('/profile')).toBe('Meu perfil');
    expect(name('/atendimento/8d0f8c4e-2b1a-4c55-9d7e-1f2a3b4c5d6e')).toBe('Atendimento');
  });
  it('names nothing for the home itself or an unknown path, and never a mere prefix', () => {
    expect(name('/dashboard')).toBeNull();
    expect(name('/streamingx')).toBeNull();
    expect(name('/nowhere')).toBeNull();
  });
});
