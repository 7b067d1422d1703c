import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ANALYTICS_HOST, studioAnalyticsUrl, vodAnalyticsUrl } from '@/lib/external-links';
import {
  DEVELOPER_PERMISSION,
  hasPermission,
  MANAGE_TEAM_USERS,
  STUDIO_ANALYTICS_PERMISSION,
} from '@/lib/permissions';

export type MenuKey =
  | 'streaming'
  | 'broadcast'
  | 'historic'
  | 'vod'
  | 'users'
  | 'records'
  | 'teams'
  | 'roles'
  | 'permissions'
  | 'billing'
  | 'clients'
  | 'apiKeys'
  | 'webhooks'
  | 'integrations'
  | 'settings'
  | 'analytics'
  | 'vodAnalytics'
  | 'studioAnalytics';

export type InternalPath =
  | '/streaming'
  | '/broadcast'
  | '/historic'
  | '/vod/dashboard'
  | '/users'
  | '/records'
  | '/teams'
  | '/roles'
  | '/permissions'
  | '/billing'
  | '/clients'
  | '/api-keys'
  | '/webhooks'
  | '/integrations'
  | '/account/settings'
  | '/analytics'
  | '/analytics/vod';

/** An internal entry with `exact` is marked as the current page on its own path only, not on the pages
 * under it (the live analytics page, whose path begins VOD analytics'). */
export type MenuItem = { key: MenuKey; label: MessageDescriptor; beta?: boolean } & (
  | { to: InternalPath; href?: undefined; exact?: boolean }
  | { href: string; to?: undefined; exact?: undefined }
);

export interface MenuSection {
  key: 'content' | 'manager' | 'account' | 'analytics';
  /** Sections without a title are plain groups of links. */
  title: MessageDescriptor | null;
  items: MenuItem[];
}

const LABELS = {
  streaming: msg`Transmissões`,
  broadcast: msg`Broadcast`,
  historic: msg`Histórico de transmissões`,
  vod: msg`Video on Demand`,
  users: msg`Users`,
  records: msg`Logs`,
  teams: msg`Teams`,
  roles: msg`Roles`,
  permissions: msg`Permissions`,
  billing: msg`Billing`,
  clients: msg`Clients`,
  apiKeys: msg`Chaves de API`,
  webhooks: msg`Webhooks`,
  integrations: msg`Integrações`,
  settings: msg`Configurações`,
  analytics: msg`Analytics`,
  vodAnalytics: msg`Analytics de VOD`,
  studioAnalytics: msg`Analytics do estúdio`,
} satisfies Record<MenuKey, MessageDescriptor>;

const MANAGER_SECTION = msg`Manager`;
const ANALYTICS_SECTION = msg`Analytics`;

/** SPEC §6 menu visibility. Pure: the permissions of the selected team (with manageTeamUsers added when
 * the user may manage team users) and the user's root VOD directory. */
export function buildMenu(
  permissions: readonly string[],
  diretorioRoot: string | null | undefined,
  analyticsHost: string | null = ANALYTICS_HOST,
): MenuSection[] {
  const can = (needed: string | readonly string[]) => hasPermission(permissions, needed);
  const item = (key: MenuKey, to: InternalPath, beta = false): MenuItem => ({
    key,
    to,
    label: LABELS[key],
    beta,
  });
  const when = (ok: boolean, entry: MenuItem) => (ok ? [entry] : []);

  const content: MenuItem[] = [
    ...when(can('showStreaming'), item('streaming', '/streaming')),
    ...when(can('broadcast'), item('broadcast', '/broadcast')),
    ...when(can('showHistory'), item('historic', '/historic')),
    ...when(can('showVOD'), item('vod', '/vod/dashboard')),
  ];

  const managerVisible = can([
    'showUsers',
    'gerenciarTimes',
    'showRoles',
    DEVELOPER_PERMISSION,
    'showFinancial',
    MANAGE_TEAM_USERS,
  ]);
  const manager: MenuItem[] = managerVisible
    ? [
        ...when(can(['showUsers', MANAGE_TEAM_USERS]), item('users', '/users')),
        // Logs have no check of their own: they come with the Manager section.
        item('records', '/records', true),
        ...when(can(['gerenciarTimes', MANAGE_TEAM_USERS]), item('teams', '/teams')),
        ...when(can('showRoles'), item('roles', '/roles')),
        ...when(can(DEVELOPER_PERMISSION), item('permissions', '/permissions')),
        ...when(can('showFinancial'), item('billing', '/billing')),
        ...when(can(DEVELOPER_PERMISSION), item('clients', '/clients')),
      ]
    : [];

  const account: MenuItem[] = [
    ...when(can('api'), item('apiKeys', '/api-keys')),
    ...when(can(['showClients', 'api']), item('webhooks', '/webhooks')),
    ...when(can(['integrations', DEVELOPER_PERMISSION]), item('integrations', '/integrations')),
    ...when(can('showAccountSettings'), item('settings', '/account/settings')),
  ];

  // SPEC §6: the section shows with any of the three permissions. Its first entry is this console's
  // page of live analytics. VOD analytics is the external analytics app's page of the user's root
  // directory when this build has that app's host, and otherwise this console's own page; the studio
  // page is the external app's only, linked only when this build has its host.
  const vodHref = diretorioRoot ? vodAnalyticsUrl(diretorioRoot, analyticsHost) : null;
  const studioHref = studioAnalyticsUrl(analyticsHost);
  const analytics: MenuItem[] = can([
    DEVELOPER_PERMISSION,
    'showStreamingAnalytics',
    STUDIO_ANALYTICS_PERMISSION,
  ])
    ? [
        ...when(can(['showStreamingAnalytics', DEVELOPER_PERMISSION]), {
          key: 'analytics',
          to: '/analytics',
          label: LABELS.analytics,
          exact: true,
        }),
        ...when(
          can('showStreamingAnalytics'),
          vodHref
            ? { key: 'vodAnalytics', label: LABELS.vodAnalytics, href: vodHref }
            : item('vodAnalytics', '/analytics/vod'),
        ),
        ...(can([DEVELOPER_PERMISSION, STUDIO_ANALYTICS_PERMISSION]) && studioHref
          ? [{ key: 'studioAnalytics' as const, label: LABELS.studioAnalytics, href: studioHref, beta: true }]
          : []),
      ]
    : [];

  const sections: MenuSection[] = [
    { key: 'content', title: null, items: content },
    { key: 'manager', title: MANAGER_SECTION, items: manager },
    { key: 'account', title: null, items: account },
    { key: 'analytics', title: ANALYTICS_SECTION, items: analytics },
  ];
  return sections.filter((s) => s.items.length > 0);
}

/** The pages the breadcrumb names after its home (SPEC §2.2: /dashboard is the breadcrumb home): each
 * menu entry's pages by the entry's name, and the shell's own pages outside the menu. */
const CRUMBS: ReadonlyArray<readonly [string, MessageDescriptor]> = [
  ['/streaming', LABELS.streaming],
  ['/preview', LABELS.streaming],
  ['/broadcast', LABELS.broadcast],
  ['/historic', LABELS.historic],
  ['/vod', LABELS.vod],
  ['/users', LABELS.users],
  ['/records', LABELS.records],
  ['/teams', LABELS.teams],
  ['/roles', LABELS.roles],
  ['/permissions', LABELS.permissions],
  ['/billing', LABELS.billing],
  ['/clients', LABELS.clients],
  ['/api-keys', LABELS.apiKeys],
  ['/webhooks', LABELS.webhooks],
  ['/integrations', LABELS.integrations],
  ['/account', LABELS.settings],
  ['/analytics', LABELS.analytics],
  ['/analytics/vod', LABELS.vodAnalytics],
  ['/overlays', msg`Overlays`],
  ['/profile', msg`Meu perfil`],
  // Support is reached from a live's panel, not the menu; without its own crumb the breadcrumb said
  // only "Início" (docs/ui.md "Breadcrumb of /atendimento").
  ['/atendimento', msg`Atendimento`],
];

/** The breadcrumb's name of the page at `pathname` (the longest matching path wins), or null for the
 * home itself and for pages it does not name. */
export function crumbOf(pathname: string): MessageDescriptor | null {
  let best: readonly [string, MessageDescriptor] | null = null;
  for (const crumb of CRUMBS) {
    const [path] = crumb;
    if ((pathname === path || pathname.startsWith(`${path}/`)) && path.length > (best?.[0].length ?? 0))
      best = crumb;
  }
  return best?.[1] ?? null;
}

/** The keys of every visible entry, in menu order (handy for tests and the drawer). */
export const menuKeys = (sections: MenuSection[]): MenuKey[] =>
  sections.flatMap((s) => s.items.map((i) => i.key));
