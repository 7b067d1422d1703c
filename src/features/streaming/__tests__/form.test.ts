import { beforeAll, describe, expect, it } from 'vitest';
import { loadTemporal, type Temporal } from '@/lib/temporal';
import {
  createPayload,
  instantOf,
  localDateTime,
  newStreamForm,
  patchPayload,
  settingsPayload,
  streamForm,
} from '../lib/form';
import {
  errorPaths,
  errorsOfStep,
  firstStepWithError,
  mixedResolutions,
  normalizeTime,
  recheckErrors,
  stepOf,
  validateStreamForm,
} from '../lib/validate';
import { makeStream, PRESET } from './fixtures';

let T: typeof Temporal;
beforeAll(async () => {
  T = await loadTemporal();
});

const ZONE = 'America/Sao_Paulo';

describe('dates in the browser zone', () => {
  it('round-trips an instant through local date and time', () => {
    expect(localDateTime(T, '2026-12-01T22:00:00.561Z', ZONE)).toEqual({
      date: '2026-12-01',
      time: '19:00:00',
    });
    expect(instantOf(T, '2026-12-01', '19:00:00', ZONE)).toBe('2026-12-01T22:00:00Z');
  });
  it('a new stream starts at the next full hour with the preset and one signal', () => {
    const f = newStreamForm(T, PRESET, ZONE);
    expect(f.time).toMatch(/^\d{2}:00:00$/);
    expect(f.signals).toEqual([{ nome: 'Sinal 1', resolution: '', key: null }]);
    expect(f.playerColor).toBe(PRESET.assets.playerColor);
    const start = T.PlainDateTime.from(`${f.date}T${f.time}`).toZonedDateTime(ZONE);
    const diff = start.epochMilliseconds - Date.now();
    expect(diff).toBeGreaterThan(0);
    expect(diff).toBeLessThanOrEqual(3_600_000);
  });
});

describe('form → payload', () => {
  it('create: every field in the API shape, blanks as null', () => {
    const f = {
      ...newStreamForm(T, PRESET, ZONE),
      nome: '  Show  ',
      descricao: ' ',
      classroomDescription: '  Aberta a todos  ',
      date: '2026-12-01',
      time: '19:00:00',
    };
    f.referrerWhitelist = ['palco.example'];
    f.geoAccessControl = 'allow';
    f.geoRegionList = ['BR', 'PT'];
    f.preRollVastUrl = 'https://ads.example.com/pre.xml';
    f.analyticsMeasurementId = '  ';
    f.signals = [
      { nome: ' Câmera ', resolution: '1920x1080', key: null },
      { nome: 'Palco', resolution: '', key: null },
    ];
    expect(createPayload(T, f, ZONE)).toEqual({
      nome: 'Show',
      descricao: null,
      classroomDescription: 'Aberta a todos',
      scheduledStartTime: '2026-12-01T22:00:00Z',
      type: 'encoder',
      latency: 'default',
      autoStart: false,
      autoCuts: false,
      transcode: { enableLive2vod: true, enableDvr: false, enableAudioOnly: false },
      security: {
        geoAccessControl: 'allow',
        geoRegionList: ['BR', 'PT'],
        referrerWhitelist: ['palco.example'],
      },
      assets: { playerColor: 'rgba(90, 50, 200, 1)' },
      ads: { preRollVastUrl: 'https://ads.example.com/pre.xml', postRollVastUrl: null },
      analyticsMeasurementId: null,
      studio: {
        chat: true,
        settingsButton: true,
        moreOptionsButton: true,
        studioColor: 'rgba(20, 18, 31, 1)',
        waitingRoomColor: 'rgba(20, 18, 31, 1)',
      },
      signals: [
        { nome: 'Câmera', resolution: '1920x1080' },
        { nome: 'Palco', resolution: null },
      ],
    });
  });

  it('a stream read into the form and written back keeps its values', () => {
    const stream = makeStream();
    const f = streamForm(T, stream, ZONE);
    expect(f).toMatchObject({ nome: 'Aula inaugural', date: '2026-12-01', time: '19:00:00', latency: 'low' });
    const body = patchPayload(T, f, stream, ZONE);
    expect(body.signals).toEqual([
      { id: 's1', nome: 'Câmera', resolution: '1920x1080' },
      { id: 's2', nome: 'Palco', resolution: null },
    ]);
    expect(body.scheduledStartTime).toBe('2026-12-01T22:00:00Z');
    expect(body.latency).toBe('low');
    expect(body.assets).toEqual({ playerColor: 'rgba(255, 0, 0, 0.5)' });
    expect(body.security).toEqual(stream.security);
    expect(body.ads).toEqual(stream.ads);
    expect(body.studio).toEqual({
      chat: false,
      settingsButton: true,
      moreOptionsButton: false,
      studioColor: 'rgba(0, 0, 0, 1)',
      waitingRoomColor: 'rgba(10, 10, 10, 1)',
    });
  });

  it('once started, date/time, player colour and latency are left out of the patch', () => {
    for (const status of ['live', 'paused', 'finished'] as const) {
      const stream = makeStream({ status });
      const body = patchPayload(T, streamForm(T, stream, ZONE), stream, ZONE);
      expect(body).not.toHaveProperty('scheduledStartTime');
      expect(body).not.toHaveProperty('latency');
      expect(body).not.toHaveProperty('assets');
      expect(body.nome).toBe('Aula inaugural');
      expect(body.transcode).toEqual(stream.transcode);
    }
  });

  it('a new signal in an edit has no id (the server gives it a key)', () => {
    const stream = makeStream();
    const f = streamForm(T, stream, ZONE);
    f.signals.push({ nome: 'Plateia', resolution: '1280x720', key: null });
    expect(patchPayload(T, f, stream, ZONE).signals?.[2]).toEqual({
      nome: 'Plateia',
      resolution: '1280x720',
    });
  });

  it('settings payload is the preset shape', () => {
    const { updatedAt: _, ...rest } = PRESET;
    expect(
      settingsPayload({ ...streamForm(T, makeStream(), ZONE), ...newStreamForm(T, PRESET, ZONE) }),
    ).toEqual(rest);
  });
});

describe('validation (SPEC §5 messages)', () => {
  const today = () => T.PlainDate.from('2026-11-22');
  const bounds = () => ({ today: today(), display: (d: Temporal.PlainDate) => d.toString() });
  const valid = () => ({
    ...newStreamForm(T, PRESET, ZONE),
    nome: 'Show',
    date: '2026-12-01',
    time: '19:00:00',
  });
  const text = (e: unknown) => (typeof e === 'string' ? e : (e as { message?: string })?.message);

  it('a complete form passes', () => {
    expect(validateStreamForm(T, valid(), bounds())).toEqual({});
  });
  it('name required and at most 120 characters', () => {
    expect(text(validateStreamForm(T, { ...valid(), nome: '  ' }, bounds()).nome)).toBe(
      'O campo é obrigatório',
    );
    expect(text(validateStreamForm(T, { ...valid(), nome: 'x'.repeat(121) }, bounds()).nome)).toBe(
      'O tamanho máximo é {max}',
    );
  });
  it('date required, not before today, within two years; time HH:mm:ss', () => {
    const e1 = validateStreamForm(T, { ...valid(), date: '', time: '' }, bounds());
    expect(text(e1.date)).toBe('O campo é obrigatório');
    expect(text(e1.time)).toBe('O campo é obrigatório');
    expect(text(validateStreamForm(T, { ...valid(), date: '2026-11-21' }, bounds()).date)).toBe(
      'A data minima é {min}',
    );
    expect(text(validateStreamForm(T, { ...valid(), date: '2029-01-01' }, bounds()).date)).toBe(
      'A data maxima é {max}',
    );
    expect(text(validateStreamForm(T, { ...valid(), date: '2026-02-30' }, bounds()).date)).toBe(
      'Formato inválido',
    );
    expect(text(validateStreamForm(T, { ...valid(), time: '25:00:00' }, bounds()).time)).toBe(
      'Formato inválido',
    );
    expect(text(validateStreamForm(T, { ...valid(), time: '19:00' }, bounds()).time)).toBe(
      'Formato inválido',
    );
    // A stream that started keeps its date: not checked.
    expect(validateStreamForm(T, { ...valid(), date: '2020-01-01' }, { ...bounds(), locked: true })).toEqual(
      {},
    );
  });
  it('VAST URLs must be URLs, with the example in the message', () => {
    const e = validateStreamForm(
      T,
      { ...valid(), preRollVastUrl: 'ads.xml', postRollVastUrl: 'ftp://x.com/a' },
      bounds(),
    );
    expect(text(e['ads.preRollVastUrl'])).toBe('A URL não é válida (Exemplo válido: {host})');
    expect(e['ads.postRollVastUrl']).toBeDefined();
  });
  it('an allow-list needs a region; signals need names and sane resolutions', () => {
    const e = validateStreamForm(
      T,
      {
        ...valid(),
        geoAccessControl: 'allow',
        geoRegionList: [],
        signals: [
          { nome: '', resolution: '', key: null },
          { nome: 'B', resolution: '1080p', key: null },
        ],
      },
      bounds(),
    );
    expect(text(e['security.geoRegionList'])).toBe('Escolha ao menos uma região para liberar');
    expect(text(e['signals.0.nome'])).toBe('O campo é obrigatório');
    expect(text(e['signals.1.resolution'])).toBe('Resolução inválida (exemplo: 1920x1080)');
    expect(text(validateStreamForm(T, { ...valid(), signals: [] }, bounds()).signals)).toBe(
      'Adicione ao menos um sinal',
    );
  });
  it('a marked field is checked again on change: its mark goes once the value is valid, and only then', () => {
    const check = (f: Partial<ReturnType<typeof valid>>) =>
      validateStreamForm(T, { ...valid(), ...f }, bounds());
    // Submitted with a wrong VAST URL and no name: both marked.
    let errors = check({ nome: '', preRollVastUrl: 'anuncio.xml' });
    expect(Object.keys(errors).sort()).toEqual(['ads.preRollVastUrl', 'nome']);
    // Still wrong: still marked. Fixed: the mark goes at once (the form's field is not the error's path).
    errors = recheckErrors(
      errors,
      check({ nome: '', preRollVastUrl: 'https:' }),
      errorPaths('preRollVastUrl'),
    );
    expect(Object.keys(errors).sort()).toEqual(['ads.preRollVastUrl', 'nome']);
    errors = recheckErrors(
      errors,
      check({ nome: '', preRollVastUrl: 'https://ads.example.com/pre.xml' }),
      errorPaths('preRollVastUrl'),
    );
    expect(Object.keys(errors)).toEqual(['nome']);
    // A field not marked yet is not marked while the user types it.
    errors = recheckErrors(errors, check({ nome: '', time: '25' }), errorPaths('time'));
    expect(Object.keys(errors)).toEqual(['nome']);
    errors = recheckErrors(errors, check({ nome: 'Show', time: '25' }), errorPaths('nome'));
    expect(errors).toEqual({});
    // A server's message stays until its field changes (the date and the time are its scheduledStartTime).
    const server = { scheduledStartTime: 'Data inválida', descricao: 'Texto recusado' };
    expect(recheckErrors(server, {}, errorPaths('nome'))).toEqual(server);
    expect(recheckErrors(server, {}, errorPaths('time'))).toEqual({ descricao: 'Texto recusado' });
    // A rule that no longer applies lets go: a block list needs no region.
    const allow = check({ geoAccessControl: 'allow', geoRegionList: [] });
    expect(
      recheckErrors(
        allow,
        check({ geoAccessControl: 'block', geoRegionList: [] }),
        errorPaths('geoAccessControl'),
      ),
    ).toEqual({});
  });
  it('errors map to their wizard step', () => {
    expect(stepOf('nome')).toBe(0);
    expect(stepOf('security.referrerWhitelist.2')).toBe(1);
    expect(stepOf('studio.studioColor')).toBe(1);
    expect(stepOf('security.geoRegionList.0')).toBe(2);
    expect(stepOf('signals.1.nome')).toBe(3);
    const e = validateStreamForm(T, { ...valid(), nome: '', signals: [] }, bounds());
    expect(firstStepWithError(e)).toBe(0);
    expect(Object.keys(errorsOfStep(e, 3))).toEqual(['signals']);
    expect(firstStepWithError({})).toBe(-1);
  });
  it('helpers', () => {
    expect(normalizeTime('19:05')).toBe('19:05:00');
    expect(normalizeTime('19:05:07')).toBe('19:05:07');
    expect(mixedResolutions([{ resolution: '1920x1080' }, { resolution: '' }])).toBe(false);
    expect(mixedResolutions([{ resolution: '1920x1080' }, { resolution: '1280x720' }])).toBe(true);
  });
});
