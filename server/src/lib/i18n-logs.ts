// The activity-log messages of lib/i18n.ts (spread into its table): GET /v1/logs's bad parameters.

export const LOG_MESSAGES = {
  logsLimit: {
    'pt-BR': 'O limite deve ser 10, 25, 30 ou 50',
    en: 'The limit must be 10, 25, 30 or 50',
  },
  logsOrder: { 'pt-BR': 'A ordem deve ser asc ou desc', en: 'The order must be asc or desc' },
  logsDate: {
    'pt-BR': 'Data inválida: use AAAA-MM-DD ou AAAA-MM-DDTHH:mm:ssZ',
    en: 'Invalid date: use YYYY-MM-DD or YYYY-MM-DDTHH:mm:ssZ',
  },
  logsRange: {
    'pt-BR': 'A data inicial deve ser anterior à data final',
    en: 'The start date must come before the end date',
  },
  logsSearchBoth: {
    'pt-BR': 'Busque por responsável (user) ou por identificador (identifier), não pelos dois',
    en: 'Search by responsible (user) or by identifier, not both',
  },
  logsPageTooFar: {
    'pt-BR': 'Só é possível paginar pelos primeiros {max} registros: refine o período ou a busca',
    en: 'Only the first {max} entries can be paged through: narrow the date range or the search',
  },
  logsClientFilter: {
    'pt-BR': 'Apenas a equipe interna pode filtrar por cliente',
    en: 'Only internal staff may filter by client',
  },
} as const;
