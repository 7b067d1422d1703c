import { i18n, type MessageDescriptor } from '@lingui/core';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  check,
  email,
  hasErrors,
  integer,
  isEmail,
  isUuid,
  maskEmail,
  maxDate,
  maxLength,
  maxValue,
  minDate,
  minLength,
  minValue,
  normalizeEmailInput,
  pattern,
  positive,
  required,
  time,
  url,
  validate,
} from './validation';

beforeAll(() => {
  // No catalog: the pt-BR source text is what the user reads.
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
});

const text = (descriptor: MessageDescriptor | undefined) => (descriptor ? i18n._(descriptor) : undefined);

describe('required', () => {
  it.each([[''], ['   '], [null], [undefined], [[]]])('rejects %j', (value) => {
    expect(text(required(value))).toBe('O campo é obrigatório');
  });
  it.each([['a'], [0], [false], [['x']]])('accepts %j', (value) => {
    expect(required(value)).toBeUndefined();
  });
});

describe('email', () => {
  it.each(['operator@palco.test', 'first.last+tag@sub.example.com.br', '  a@b.co  '])('accepts %s', (v) => {
    expect(email(v)).toBeUndefined();
    expect(isEmail(v)).toBe(true);
  });
  it.each(['operator', 'a@b', '@palco.test', 'a b@palco.test', 'a@palco..test', 'a@-palco.test', 'a@@b.co'])(
    'rejects %s',
    (v) => {
      expect(text(email(v))).toBe('O formato do email não é válido');
    },
  );
  it('lets an empty value through (required reports it)', () => {
    expect(email('')).toBeUndefined();
  });
});

describe('lengths', () => {
  it('max length counts characters, not UTF-16 units', () => {
    expect(maxLength(3)('abc')).toBeUndefined();
    expect(maxLength(3)('😀😀😀')).toBeUndefined();
    expect(text(maxLength(3)('abcd'))).toBe('O tamanho máximo é 3');
  });
  it('min length', () => {
    expect(text(minLength(4)('abc'))).toBe('O tamanho minimo é 4');
    expect(minLength(4)('abcd')).toBeUndefined();
    expect(minLength(4)('')).toBeUndefined();
  });
});

describe('numbers', () => {
  it('integer only', () => {
    expect(integer('42')).toBeUndefined();
    expect(integer(-3)).toBeUndefined();
    expect(text(integer('4.2'))).toBe('Apenas números inteiros');
    expect(text(integer('12a'))).toBe('Apenas números inteiros');
    expect(integer('')).toBeUndefined();
  });
  it('minimum and maximum values', () => {
    expect(text(minValue(10)('9'))).toBe('O valor minimo é 10');
    expect(minValue(10)(10)).toBeUndefined();
    expect(text(maxValue(100)(101))).toBe('O valor maximo é 100');
    expect(maxValue(100)('100')).toBeUndefined();
  });
  it('a non-number is an invalid format, not a bound error', () => {
    expect(text(minValue(1)('abc'))).toBe('Formato inválido');
  });
  it('positive', () => {
    expect(text(positive('0'))).toBe('O valor deve ser positivo');
    expect(text(positive(-1))).toBe('O valor deve ser positivo');
    expect(positive('0.5')).toBeUndefined();
  });
});

describe('url', () => {
  it('accepts http(s) addresses', () => {
    expect(url()('https://palco.test/x?y=1')).toBeUndefined();
    expect(url()('http://localhost:8080')).toBeUndefined();
  });
  it.each(['palco.test', 'ftp://palco.test', 'https://palco', 'javascript:alert(1)'])('rejects %s', (v) => {
    expect(text(url('https://www.palco.com.br')(v))).toBe(
      'A URL não é válida (Exemplo válido: https://www.palco.com.br)',
    );
  });
});

describe('dates', () => {
  const min = Temporal.PlainDate.from('2026-01-10');
  const max = Temporal.PlainDate.from('2026-01-20');
  it('minimum date', () => {
    expect(text(minDate(min, '10/01/2026')(Temporal.PlainDate.from('2026-01-09')))).toBe(
      'A data minima é 10/01/2026',
    );
    expect(minDate(min)(min)).toBeUndefined();
    expect(minDate(min)(null)).toBeUndefined();
  });
  it('maximum date (ISO by default)', () => {
    expect(text(maxDate(max)(Temporal.PlainDate.from('2026-01-21')))).toBe('A data maxima é 2026-01-20');
    expect(maxDate(max)(max)).toBeUndefined();
  });
});

describe('time HH:mm:ss', () => {
  it.each(['00:00:00', '09:05:59', '23:59:59'])('accepts %s', (v) => expect(time(v)).toBeUndefined());
  it.each(['24:00:00', '9:05:00', '09:60:00', '09:05', '09:05:00 '])('rejects %j', (v) => {
    expect(text(time(v))).toBe('Formato inválido');
  });
});

describe('pattern', () => {
  it('answers the invalid-format message', () => {
    expect(text(pattern(/^\d{5}-\d{3}$/)('123'))).toBe('Formato inválido');
    expect(pattern(/^\d{5}-\d{3}$/)('12345-678')).toBeUndefined();
  });
});

describe('check and validate', () => {
  it('answers the first failing rule', () => {
    expect(text(check('', [required, email]))).toBe('O campo é obrigatório');
    expect(text(check('x', [required, email]))).toBe('O formato do email não é válido');
    expect(check('x@palco.test', [required, email])).toBeUndefined();
  });
  it('validates a whole form', () => {
    const errors = validate(
      { login: 'nope', password: '' },
      { login: [required, email], password: [required] },
    );
    expect(text(errors.login)).toBe('O formato do email não é válido');
    expect(text(errors.password)).toBe('O campo é obrigatório');
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(validate({ login: 'a@b.co' }, { login: [required, email] }))).toBe(false);
  });
});

describe('isUuid (8-4-4-4-12)', () => {
  it('recognises UUIDs in either case', () => {
    expect(isUuid('0b8f4c3e-1d2a-4f5b-9c6d-7e8f9a0b1c2d')).toBe(true);
    expect(isUuid('0B8F4C3E-1D2A-4F5B-9C6D-7E8F9A0B1C2D')).toBe(true);
  });
  it.each([
    '0b8f4c3e1d2a4f5b9c6d7e8f9a0b1c2d',
    '0b8f4c3e-1d2a-4f5b-9c6d-7e8f9a0b1c2',
    'zb8f4c3e-1d2a-4f5b-9c6d-7e8f9a0b1c2d',
    ' 0b8f4c3e-1d2a-4f5b-9c6d-7e8f9a0b1c2d',
    42,
  ])('rejects %j', (v) => expect(isUuid(v)).toBe(false));
});

describe('maskEmail', () => {
  it('keeps the first and last character of the local part, stars between', () => {
    expect(maskEmail('operator@palco.test')).toBe('o******r@palco.test');
    expect(maskEmail('ab@palco.test')).toBe('a*b@palco.test');
    expect(maskEmail('a@palco.test')).toBe('a*@palco.test');
  });
  it('masks by the last @ and never reveals the local part of odd input', () => {
    expect(maskEmail('"a@b"@palco.test')).toBe('"***"@palco.test');
    expect(maskEmail('secret')).toBe('******');
  });
});

describe('normalizeEmailInput', () => {
  it('strips all whitespace and lowercases', () => {
    expect(normalizeEmailInput(' Oper ator@Palco.TEST\t\n')).toBe('operator@palco.test');
  });
});
