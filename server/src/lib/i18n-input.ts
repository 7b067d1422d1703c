// The input-sanity messages of lib/i18n.ts (spread into its table): requests no route could store or
// the framework could not route (plugins/input-guard.ts, plugins/errors.ts).

export const INPUT_MESSAGES = {
  invalidCharacters: {
    'pt-BR': 'O campo {field} contém caracteres inválidos (NUL ou texto que não é UTF-8 válido)',
    en: 'The field {field} contains invalid characters (NUL or text that is not valid UTF-8)',
  },
  jsonTooDeep: {
    'pt-BR': 'O JSON enviado tem mais de {max} níveis de aninhamento',
    en: 'The JSON sent is nested more than {max} levels deep',
  },
  badUrl: { 'pt-BR': 'O endereço da requisição não é válido', en: 'The request address is not valid' },
  uriTooLong: { 'pt-BR': 'O endereço da requisição é longo demais', en: 'The request address is too long' },
  requestTimeout: { 'pt-BR': 'A requisição demorou demais', en: 'The request took too long' },
  headersTooLarge: {
    'pt-BR': 'Os cabeçalhos da requisição são grandes demais',
    en: 'The request headers are too large',
  },
} as const;
