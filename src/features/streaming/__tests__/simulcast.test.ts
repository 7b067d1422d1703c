import { SIMULCAST_FAILURES, SIMULCAST_STATES } from '@contract/integrations';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as en } from '@/locales/en/pages.po';
import { messages as ptBR } from '@/locales/pt-BR/pages.po';
import {
  SIMULCAST_POLL_MS,
  SIMULCAST_STATE_LABELS,
  simulcastFailureText,
  simulcastPollMs,
} from '../lib/simulcast';

// Through the real catalogs: the pt-BR source and the English translations.
const pt = setupI18n({ locale: 'pt-BR', messages: { 'pt-BR': ptBR } });
const english = setupI18n({ locale: 'en', messages: { en } });

describe('simulcast state on the panel', () => {
  it('says each state in words, its own for each', () => {
    expect(SIMULCAST_STATES.map((s) => pt._(SIMULCAST_STATE_LABELS[s]))).toEqual([
      'Aguardando a transmissão',
      'Conectando',
      'No ar',
      'Encerrada',
      'Falhou',
    ]);
    expect(SIMULCAST_STATES.map((s) => english._(SIMULCAST_STATE_LABELS[s]))).toEqual([
      'Waiting for the live',
      'Connecting',
      'On air',
      'Finished',
      'Failed',
    ]);
  });

  it('says why a destination failed, naming the provider, in both languages', () => {
    expect(pt._(simulcastFailureText('refused', 'youtube'))).toBe(
      'O YouTube recusou a transmissão. Tentando de novo.',
    );
    expect(english._(simulcastFailureText('refused', 'youtube'))).toBe(
      'YouTube refused the broadcast. Trying again.',
    );
    expect(pt._(simulcastFailureText('authorization', 'facebook'))).toBe(
      'A conexão com o Facebook precisa ser autorizada de novo em Integrações.',
    );
    expect(english._(simulcastFailureText('push', 'facebook'))).toBe(
      'Sending the video to Facebook dropped. Trying again.',
    );
    for (const reason of SIMULCAST_FAILURES) {
      for (const i18n of [pt, english]) {
        const text = i18n._(simulcastFailureText(reason, 'facebook'));
        expect(text, reason).toContain('Facebook');
        expect(text, reason).not.toMatch(/[{}]/);
      }
    }
    const texts = SIMULCAST_FAILURES.map((r) => english._(simulcastFailureText(r, 'youtube')));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('keeps reading while the live may still change a destination, and stops once all ended', () => {
    expect(simulcastPollMs('scheduled', [])).toBe(SIMULCAST_POLL_MS);
    expect(simulcastPollMs('live', [{ state: 'live' }])).toBe(SIMULCAST_POLL_MS);
    expect(simulcastPollMs('paused', undefined)).toBe(SIMULCAST_POLL_MS);
    // Ended, but a destination not told yet: one more read shows it ended.
    expect(simulcastPollMs('finished', [{ state: 'ended' }, { state: 'live' }])).toBe(SIMULCAST_POLL_MS);
    expect(simulcastPollMs('finished', [{ state: 'failed' }])).toBe(SIMULCAST_POLL_MS);
    expect(simulcastPollMs('finished', [{ state: 'ended' }, { state: 'ended' }])).toBe(false);
    expect(simulcastPollMs('finished', [])).toBe(false);
  });
});
