import type { Permission } from '../permissions.ts';
import type { Lang } from './i18n.ts';

/**
 * What each permission opens (SPEC §6's permission table and §2.2's route table) and a description in
 * each language: the /permissions catalogue and the role editor's checkboxes.
 */
export const PERMISSION_CATALOG: Record<Permission, { opens: string[]; description: Record<Lang, string> }> =
  {
    showStreaming: {
      opens: ['/streaming'],
      description: {
        'pt-BR': 'Menu Transmissões: ver e gerenciar as transmissões',
        en: 'Streams menu: see and manage live streams',
      },
    },
    broadcast: {
      opens: ['/broadcast'],
      description: { 'pt-BR': 'Menu Broadcast: transmitir ao vivo', en: 'Broadcast menu: go live' },
    },
    showHistory: {
      opens: ['/historic'],
      description: { 'pt-BR': 'Menu Histórico de transmissões', en: 'Stream history menu' },
    },
    showVOD: {
      opens: ['/vod', '/members'],
      description: {
        'pt-BR': 'Menu Video on Demand: a biblioteca de vídeos e quem pode vê-la',
        en: 'Video on Demand menu: the video library and who can see it',
      },
    },
    showUsers: {
      opens: ['/users'],
      description: {
        'pt-BR': 'Menu Usuários: convidar, mudar o cargo e remover usuários do time',
        en: 'Users menu: invite users, change their role and remove them from the team',
      },
    },
    gerenciarTimes: {
      opens: ['/teams'],
      description: {
        'pt-BR': 'Menu Times; seletor de times no filtro dos registros',
        en: 'Teams menu; team selector in the log filters',
      },
    },
    showRoles: {
      opens: ['/roles'],
      description: {
        'pt-BR': 'Menu Cargos: criar, editar e excluir cargos (só com permissões que você tem)',
        en: 'Roles menu: create, edit and delete roles (only with permissions you hold)',
      },
    },
    palcoDeveloper: {
      opens: ['/permissions', '/clients', '/integrations'],
      description: {
        'pt-BR':
          'Equipe interna: todas as contas, menus Permissões, Clientes e Integrações, busca de clientes nos registros',
        en: 'Internal staff: every account, Permissions, Clients and Integrations menus, client search in the logs',
      },
    },
    palcoStudioAnalytics: {
      opens: [],
      description: { 'pt-BR': 'Link do analytics do estúdio (beta)', en: 'Studio analytics link (beta)' },
    },
    showFinancial: {
      opens: ['/billing'],
      description: { 'pt-BR': 'Menu Faturamento', en: 'Billing menu' },
    },
    showStreamingAnalytics: {
      opens: ['/analytics'],
      // Both analytics pages, the lives' and VOD's (src/features/shell/menu.ts).
      description: {
        'pt-BR': 'Links do analytics das transmissões ao vivo e de VOD',
        en: 'Live and VOD analytics links',
      },
    },
    api: {
      opens: [],
      description: { 'pt-BR': 'Menu Chaves de API', en: 'API keys menu' },
    },
    integrations: {
      opens: ['/integrations'],
      description: { 'pt-BR': 'Menu Integrações', en: 'Integrations menu' },
    },
    showAccountSettings: {
      opens: ['/account/settings'],
      description: { 'pt-BR': 'Menu Configurações da conta', en: 'Account settings menu' },
    },
    showClients: {
      opens: ['/api-keys', '/clients'],
      description: { 'pt-BR': 'Páginas Chaves de API e Clientes', en: 'API keys and Clients pages' },
    },
    showPermissions: {
      opens: ['/permissions'],
      description: { 'pt-BR': 'Página Permissões (este catálogo)', en: 'Permissions page (this catalogue)' },
    },
    showCustomerSupport: {
      opens: ['/atendimento/{liveId}'],
      description: {
        'pt-BR': 'Atendimento ao espectador de uma transmissão',
        en: "A stream's viewer support",
      },
    },
  };
