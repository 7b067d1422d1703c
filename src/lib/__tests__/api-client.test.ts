import { describe, expect, it } from 'vitest';
import { buildUrl } from '../api-client';

describe('buildUrl', () => {
  it('leaves out undefined and null values and encodes the rest', () => {
    expect(buildUrl('/v1/logs', { page: 2, user: 'olívia dona', identifier: undefined, end: null })).toBe(
      '/v1/logs?page=2&user=ol%C3%ADvia+dona',
    );
  });
  it('roots relative paths and appends to an existing query string', () => {
    expect(buildUrl('api/cliente?subConta=false', { accountId: undefined })).toBe(
      '/api/cliente?subConta=false',
    );
    expect(buildUrl('/v1/x?a=1', { b: true })).toBe('/v1/x?a=1&b=true');
  });
});
