import { t } from '@lingui/core/macro';
import type { Screen } from './screen';

/** The sentence a screen shows over the player (the image, when there is one, goes behind it). */
export function screenText(screen: Screen, startsAt: string | null): string {
  switch (screen.kind) {
    case 'scheduled':
      return startsAt ? t`A transmissão começa em ${startsAt}` : t`A transmissão ainda não começou`;
    case 'paused':
      return t`A transmissão está pausada. Volte em instantes.`;
    case 'finished':
      return t`A transmissão terminou. Obrigado por assistir!`;
    case 'waiting':
      return t`A transmissão vai começar em instantes.`;
    case 'error':
      switch (screen.reason) {
        case 'geo_blocked':
          return t`Este conteúdo não está disponível na sua região.`;
        case 'domain_not_allowed':
          return t`Este site não tem permissão para exibir este vídeo.`;
        case 'not_found':
          return t`Vídeo não encontrado.`;
        default:
          return t`Não foi possível carregar o vídeo. Tentando de novo…`;
      }
    default:
      return '';
  }
}

/** Labels of the player's controls. */
export const labels = () => ({
  play: t`Reproduzir`,
  pause: t`Pausar`,
  back: t`Voltar 10 segundos`,
  forward: t`Avançar 10 segundos`,
  mute: t`Silenciar`,
  unmute: t`Ativar som`,
  fullscreen: t`Tela cheia`,
  quality: t`Qualidade`,
  auto: t`Automática`,
  audioOnly: t`Somente áudio`,
  subtitles: t`Legendas`,
  subtitlesOff: t`Desativadas`,
  live: t`AO VIVO`,
  ad: t`Publicidade`,
  seek: t`Posição`,
  like: t`Curtir`,
  unlike: t`Descurtir`,
});
