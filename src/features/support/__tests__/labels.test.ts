import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { BEACON_TYPES, PLAYER_STATES } from '../../../../server/src/http/beacons';
import {
  DEVICE_LABELS,
  EVENT_LABELS,
  FILTER_LABELS,
  LIVE_STATUS_LABELS,
  labelOf,
  stallsCount,
  statusTone,
  VIEW_STATUS_LABELS,
  viewsCount,
} from '../lib/labels';
import { VIEW_FILTERS } from '../lib/search';

// Source-language i18n: descriptors render their pt-BR text.
const i18n = setupI18n({ locale: 'pt-BR', messages: { 'pt-BR': {} } });

/** The view statuses the server answers (docs/analytics.md "Customer support"). */
const VIEW_STATUSES = ['loading', 'playing', 'paused', 'rebuffering', 'ended', 'failed', 'exitBeforeStart'];

describe('event labels', () => {
  it('names every beacon type the player sends (a new type needs a label)', () => {
    for (const type of BEACON_TYPES) {
      expect(EVENT_LABELS[type], type).toBeDefined();
      expect(labelOf(i18n, EVENT_LABELS, type)).not.toBe(type);
    }
    expect(Object.keys(EVENT_LABELS).sort()).toEqual([...BEACON_TYPES].sort());
  });

  it('gives each type its own words', () => {
    const texts = BEACON_TYPES.map((type) => labelOf(i18n, EVENT_LABELS, type));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('shows an unknown type as it came', () => {
    expect(labelOf(i18n, EVENT_LABELS, 'seek')).toBe('seek');
    expect(labelOf(i18n, EVENT_LABELS, 'toString')).toBe('toString');
  });
});

describe('status labels', () => {
  it('names every view status the server answers', () => {
    for (const status of VIEW_STATUSES) expect(VIEW_STATUS_LABELS[status], status).toBeDefined();
    expect(Object.keys(VIEW_STATUS_LABELS).sort()).toEqual([...VIEW_STATUSES].sort());
    expect(labelOf(i18n, VIEW_STATUS_LABELS, 'exitBeforeStart')).toBe('Saiu antes do início');
    expect(labelOf(i18n, VIEW_STATUS_LABELS, 'failed')).toBe('Falhou');
  });

  it('covers every player state (a view in a state shows it)', () => {
    for (const state of PLAYER_STATES) expect(VIEW_STATUS_LABELS[state], state).toBeDefined();
  });

  it('marks failures and exits as bad, stalls as a warning', () => {
    expect(statusTone('failed')).toBe('bad');
    expect(statusTone('exitBeforeStart')).toBe('bad');
    expect(statusTone('rebuffering')).toBe('warn');
    expect(statusTone('playing')).toBe('good');
    expect(statusTone('ended')).toBe('plain');
  });

  it('names the live statuses, the filters and the devices', () => {
    for (const status of ['scheduled', 'live', 'paused', 'finished'])
      expect(LIVE_STATUS_LABELS[status], status).toBeDefined();
    for (const filter of VIEW_FILTERS) expect(FILTER_LABELS[filter], filter).toBeDefined();
    expect(labelOf(i18n, DEVICE_LABELS, 'mobile')).toBe('Celular');
    expect(labelOf(i18n, DEVICE_LABELS, 'console')).toBe('console');
  });
});

describe('counts', () => {
  it('agree in number, zero included', () => {
    expect(i18n._(viewsCount(0))).toBe('0 visualizações');
    expect(i18n._(viewsCount(1))).toBe('1 visualização');
    expect(i18n._(viewsCount(12))).toBe('12 visualizações');
    expect(i18n._(stallsCount(1))).toBe('1 parada');
    expect(i18n._(stallsCount(3))).toBe('3 paradas');
  });
});
