import { describe, expect, it } from 'vitest';
import {
  formError,
  formOf,
  normaliseViewerId,
  PAGE_SIZE,
  pagesOf,
  searchesViewer,
  searchOf,
  validateSupportSearch,
  viewsQuery,
} from '../lib/search';

const VIEW = '0123456789abcdef0123456789abcdef';

describe('validateSupportSearch', () => {
  it('keeps good values, normalised', () => {
    expect(
      validateSupportSearch({
        viewerId: ' ab12cd34 ',
        email: 'Bia@Escola.test',
        filter: 'failed',
        state: ' São Paulo ',
        provider: 'Vivo',
        page: '3',
        view: VIEW.toUpperCase(),
      }),
    ).toEqual({
      viewerId: 'AB12CD34',
      email: 'bia@escola.test',
      filter: 'failed',
      state: 'São Paulo',
      provider: 'Vivo',
      page: 3,
      view: VIEW,
    });
  });

  it('reads an all-digit viewer ID the router parsed as a number', () => {
    expect(validateSupportSearch({ viewerId: 12345678 }).viewerId).toBe('12345678');
  });

  it('drops bad values instead of failing, and keeps every key (the router merges over the raw URL)', () => {
    const search = validateSupportSearch({
      viewerId: 'ab-12',
      email: 'not-an-address',
      filter: 'everything',
      state: '',
      provider: 'x'.repeat(101),
      page: '1',
      view: 'nope',
    });
    expect(search).toEqual({});
    expect(Object.keys(search).sort()).toEqual(
      ['email', 'filter', 'page', 'provider', 'state', 'view', 'viewerId'].sort(),
    );
    expect(validateSupportSearch({ viewerId: 'A'.repeat(17), page: -2 })).toEqual({});
  });

  it('accepts every filter the server knows', () => {
    for (const filter of ['failed', 'exitBeforeStart', 'rebuffering'])
      expect(validateSupportSearch({ filter }).filter).toBe(filter);
  });
});

describe('viewsQuery', () => {
  it('asks for page 1 of every view by default', () => {
    expect(viewsQuery({})).toEqual({ page: 1, limit: PAGE_SIZE });
  });

  it('sends what the URL holds, never the open view', () => {
    expect(
      viewsQuery({
        viewerId: 'AB12CD34',
        email: 'bia@escola.test',
        filter: 'rebuffering',
        state: 'SP',
        provider: 'Vivo',
        page: 2,
        view: VIEW,
      }),
    ).toEqual({
      viewerId: 'AB12CD34',
      email: 'bia@escola.test',
      filter: 'rebuffering',
      state: 'SP',
      provider: 'Vivo',
      page: 2,
      limit: PAGE_SIZE,
    });
  });
});

describe('the search form', () => {
  it('round-trips the URL', () => {
    const search = validateSupportSearch({ viewerId: 'AB12CD34', filter: 'failed', state: 'SP' });
    expect(searchOf(formOf(search))).toEqual(search);
    expect(formOf({})).toEqual({ viewerId: '', email: '', filter: '', state: '', provider: '' });
  });

  it('starts a new search at page 1 with no view open', () => {
    const form = { ...formOf({ page: 4, view: VIEW }), viewerId: 'ab12 cd34' };
    expect(searchOf(form)).toEqual({ viewerId: 'AB12CD34' });
  });

  it('leaves "every view" out of the URL', () => {
    expect(searchOf({ viewerId: '', email: '', filter: '', state: ' ', provider: '' })).toEqual({});
  });

  it('tells which field is wrong', () => {
    const empty = formOf({});
    expect(formError(empty)).toBeUndefined();
    expect(formError({ ...empty, viewerId: 'AB-12' })).toBe('viewerId');
    expect(formError({ ...empty, email: 'bia@' })).toBe('email');
    expect(formError({ ...empty, viewerId: 'ab12cd34', email: 'bia@escola.test' })).toBeUndefined();
  });

  it('types a viewer ID as the overlay shows it', () => {
    expect(normaliseViewerId(' ab 12cd34\t')).toBe('AB12CD34');
  });
});

describe('helpers', () => {
  it('searchesViewer: by ID or e-mail, not by filters', () => {
    expect(searchesViewer({ viewerId: 'AB12CD34' })).toBe(true);
    expect(searchesViewer({ email: 'bia@escola.test' })).toBe(true);
    expect(searchesViewer({ filter: 'failed', state: 'SP' })).toBe(false);
  });

  it('pagesOf: at least one page', () => {
    expect(pagesOf(0)).toBe(1);
    expect(pagesOf(PAGE_SIZE)).toBe(1);
    expect(pagesOf(PAGE_SIZE + 1)).toBe(2);
  });
});
