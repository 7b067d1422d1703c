import type { Lang } from './i18n.ts';

/**
 * Every event code the server writes to the activity log, with its label in each language
 * (docs/api-logs.md "Event codes"). Codes are upper-case pt-BR words: the console picks the row icon
 * by the substrings CRIAD, AUTORIZAD, REMOVID, ATUALIZAD (SPEC §9). A route that logs a new code adds
 * it here; the route-walking test (server/test/logs-coverage.test.ts) fails for a code without a label.
 */
export const EVENT_TYPES = {
  // Session and auth
  LOGIN_REALIZADO: { 'pt-BR': 'Login realizado', en: 'Signed in' },
  LOGIN_RECUSADO: { 'pt-BR': 'Login recusado', en: 'Sign-in refused' },
  SESSAO_ENCERRADA: { 'pt-BR': 'Sessão encerrada', en: 'Signed out' },
  SENHA_RECUPERACAO_SOLICITADA: {
    'pt-BR': 'Recuperação de senha solicitada',
    en: 'Password recovery requested',
  },
  SENHA_ATUALIZADA: { 'pt-BR': 'Senha atualizada', en: 'Password updated' },
  TIME_SELECIONADO: { 'pt-BR': 'Time selecionado', en: 'Team selected' },
  MEMBRO_ADICIONADO: { 'pt-BR': 'Membro adicionado à equipe', en: 'Member added to the team' },
  ACESSO_STAFF: { 'pt-BR': 'Acesso da equipe Palco a um cliente', en: 'Palco staff accessed a client' },
  TIME_CRIADO: { 'pt-BR': 'Time criado', en: 'Team created' },
  TIME_ATUALIZADO: { 'pt-BR': 'Time atualizado', en: 'Team updated' },
  // Live streams
  TRANSMISSAO_CRIADA: { 'pt-BR': 'Transmissão criada', en: 'Stream created' },
  TRANSMISSAO_ATUALIZADA: { 'pt-BR': 'Transmissão atualizada', en: 'Stream updated' },
  SALA_DE_AULA_ATUALIZADA: { 'pt-BR': 'Sala de aula atualizada', en: 'Classroom updated' },
  TRANSMISSAO_REMOVIDA: { 'pt-BR': 'Transmissão removida', en: 'Stream removed' },
  TRANSMISSAO_INICIADA: { 'pt-BR': 'Transmissão iniciada', en: 'Stream started' },
  TRANSMISSAO_PAUSADA: { 'pt-BR': 'Transmissão pausada', en: 'Stream paused' },
  TRANSMISSAO_RETOMADA: { 'pt-BR': 'Transmissão retomada', en: 'Stream resumed' },
  TRANSMISSAO_ENCERRADA: { 'pt-BR': 'Transmissão encerrada', en: 'Stream ended' },
  TRANSMISSAO_INICIADA_AUTOMATICAMENTE: {
    'pt-BR': 'Transmissão iniciada automaticamente',
    en: 'Stream started automatically',
  },
  TRANSMISSAO_ENCERRADA_AUTOMATICAMENTE: {
    'pt-BR': 'Transmissão encerrada automaticamente (sem sinal)',
    en: 'Stream ended automatically (no signal)',
  },
  CHAVE_TRANSMISSAO_ATUALIZADA: { 'pt-BR': 'Chave de transmissão atualizada', en: 'Stream key updated' },
  SINAL_IDENTIFICACAO_ENVIADO: {
    'pt-BR': 'Sinal de identificação dos espectadores enviado',
    en: 'Viewer-ID signal sent',
  },
  // The browser studio (docs/studio.md "Studio page and guests")
  LINK_CONVIDADO_CRIADO: { 'pt-BR': 'Link de convidado do estúdio criado', en: 'Studio guest link created' },
  LINK_CONVIDADO_REMOVIDO: {
    'pt-BR': 'Links de convidado do estúdio revogados',
    en: 'Studio guest links revoked',
  },
  CONVIDADO_AUTORIZADO: { 'pt-BR': 'Convidado admitido no estúdio', en: 'Guest admitted to the studio' },
  CONVIDADO_REMOVIDO: { 'pt-BR': 'Convidado removido do estúdio', en: 'Guest removed from the studio' },
  PRESET_ATUALIZADO: { 'pt-BR': 'Configurações gerais atualizadas', en: 'General settings updated' },
  USUARIO_REMOVIDO: { 'pt-BR': 'Usuário removido da equipe', en: 'User removed from the team' },
  // Overlays (docs/classroom.md "Overlays")
  OVERLAY_CRIADO: { 'pt-BR': 'Overlay criado', en: 'Overlay created' },
  OVERLAY_ATUALIZADO: { 'pt-BR': 'Overlay atualizado', en: 'Overlay updated' },
  OVERLAY_REMOVIDO: { 'pt-BR': 'Overlay removido', en: 'Overlay removed' },
  OVERLAYS_TRANSMISSAO_ATUALIZADOS: {
    'pt-BR': 'Overlays da transmissão atualizados',
    en: "Stream's overlays updated",
  },
  // Users, invitations and roles
  CONVITE_CRIADO: { 'pt-BR': 'Convite enviado', en: 'Invitation sent' },
  CONVITE_ATUALIZADO: { 'pt-BR': 'Convite reenviado', en: 'Invitation resent' },
  CONVITE_REMOVIDO: { 'pt-BR': 'Convite cancelado', en: 'Invitation cancelled' },
  CONVITE_ACEITO: { 'pt-BR': 'Convite aceito', en: 'Invitation accepted' },
  CARGO_USUARIO_ATUALIZADO: { 'pt-BR': 'Cargo do usuário atualizado', en: "User's role updated" },
  CARGO_CRIADO: { 'pt-BR': 'Cargo criado', en: 'Role created' },
  CARGO_ATUALIZADO: { 'pt-BR': 'Cargo atualizado', en: 'Role updated' },
  CARGO_REMOVIDO: { 'pt-BR': 'Cargo removido', en: 'Role removed' },
  // Account settings and own profile
  CONTA_ATUALIZADA: { 'pt-BR': 'Configurações da conta atualizadas', en: 'Account settings updated' },
  PERFIL_ATUALIZADO: { 'pt-BR': 'Perfil atualizado', en: 'Profile updated' },
  SESSOES_ENCERRADAS: { 'pt-BR': 'Outras sessões encerradas', en: 'Other sessions signed out' },
  DOIS_FATORES_ATIVADO: { 'pt-BR': 'Verificação em duas etapas ativada', en: 'Two-factor sign-in turned on' },
  DOIS_FATORES_DESATIVADO: {
    'pt-BR': 'Verificação em duas etapas desativada',
    en: 'Two-factor sign-in turned off',
  },
  // Video on demand
  VIDEO_CRIADO: { 'pt-BR': 'Vídeo criado', en: 'Video created' },
  VIDEO_ATUALIZADO: { 'pt-BR': 'Vídeo atualizado', en: 'Video updated' },
  VIDEO_REMOVIDO: { 'pt-BR': 'Vídeo removido', en: 'Video removed' },
  PASTA_CRIADA: { 'pt-BR': 'Pasta criada', en: 'Folder created' },
  LEGENDA_CRIADA: { 'pt-BR': 'Legenda criada', en: 'Subtitle created' },
  LEGENDA_REMOVIDA: { 'pt-BR': 'Legenda removida', en: 'Subtitle removed' },
  LEGENDAS_AUTOMATICAS_SOLICITADAS: {
    'pt-BR': 'Legendas automáticas solicitadas',
    en: 'Automatic subtitles requested',
  },
  UPLOAD_CONCLUIDO: { 'pt-BR': 'Upload concluído', en: 'Upload completed' },
  // API keys
  CHAVE_API_CRIADA: { 'pt-BR': 'Chave de API criada', en: 'API key created' },
  CHAVE_API_REMOVIDA: { 'pt-BR': 'Chave de API revogada', en: 'API key revoked' },
  // Billing (docs/billing.md)
  PLANO_ATUALIZADO: { 'pt-BR': 'Plano atualizado', en: 'Plan updated' },
  PLANO_REMOVIDO: { 'pt-BR': 'Plano personalizado removido', en: 'Custom plan removed' },
  CONTA_BLOQUEADA: {
    'pt-BR': 'Conta bloqueada por falta de pagamento',
    en: 'Account blocked for non-payment',
  },
  CONTA_DESBLOQUEADA: { 'pt-BR': 'Conta desbloqueada', en: 'Account unblocked' },
  // Webhooks (docs/webhooks.md)
  WEBHOOK_CRIADO: { 'pt-BR': 'Webhook criado', en: 'Webhook created' },
  WEBHOOK_REMOVIDO: { 'pt-BR': 'Webhook removido', en: 'Webhook removed' },
  WEBHOOK_REENVIADO: { 'pt-BR': 'Entrega de webhook reenviada', en: 'Webhook delivery sent again' },
  // Simulcast to YouTube / Facebook (docs/integrations.md "Simulcast")
  SIMULCAST_INICIADO: { 'pt-BR': 'Transmissão simultânea no ar', en: 'Simulcast on air' },
  SIMULCAST_FALHOU: { 'pt-BR': 'Falha na transmissão simultânea', en: 'Simulcast failed' },
  SIMULCAST_ENCERRADO: { 'pt-BR': 'Transmissão simultânea encerrada', en: 'Simulcast ended' },
  // Integrations (docs/integrations.md)
  INTEGRACAO_AUTORIZADA: { 'pt-BR': 'Integração autorizada', en: 'Integration authorised' },
  INTEGRACAO_REMOVIDA: { 'pt-BR': 'Integração desfeita', en: 'Integration undone' },
  INTEGRACAO_DESAUTORIZADA: {
    'pt-BR': 'Integração desautorizada pelo provedor',
    en: 'Integration deauthorised by the provider',
  },
  IMPORTACAO_ATUALIZADA: { 'pt-BR': 'Importação atualizada', en: 'Import switched' },
  GRAVACAO_IMPORTADA: { 'pt-BR': 'Gravação importada', en: 'Recording imported' },
  IMPORTACAO_FALHOU: { 'pt-BR': 'Importação de gravação falhou', en: 'Recording import failed' },
} as const satisfies Record<string, Record<Lang, string>>;

export type EventCode = keyof typeof EVENT_TYPES;

export function isEventCode(code: string): code is EventCode {
  return Object.hasOwn(EVENT_TYPES, code);
}

/** `GET /v1/logs/list-event-types`: code → label in one language. */
export function eventTypeLabels(lang: Lang): Record<EventCode, string> {
  return Object.fromEntries(
    Object.entries(EVENT_TYPES).map(([code, labels]) => [code, labels[lang]]),
  ) as Record<EventCode, string>;
}
