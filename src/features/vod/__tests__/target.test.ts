import { describe, expect, it } from 'vitest';
import { sourceUrl, uploadTarget } from '../upload/target';

describe('upload host and mode (SPEC §9)', () => {
  it('the default upload host (under the API) is chunked, on this origin', () => {
    const t = uploadTarget({ uploadUrl: 'http://localhost:8080/upload', apiUrl: 'http://localhost:8080' });
    expect(t).toEqual({ mode: 'chunked', base: '/upload' });
    expect(sourceUrl(t, 'abc')).toBe('/upload/v1/videos/abc/source');
  });
  it('the upload host equal to the standard host means one simple upload', () => {
    expect(uploadTarget({ uploadUrl: 'https://palco.example/', apiUrl: 'https://palco.example' })).toEqual({
      mode: 'simple',
      base: '',
    });
  });
  it('an upload host elsewhere is used as given, chunked', () => {
    const t = uploadTarget({ uploadUrl: 'https://up.example/u', apiUrl: 'https://palco.example' });
    expect(t).toEqual({ mode: 'chunked', base: 'https://up.example/u' });
    expect(sourceUrl(t, 'v')).toBe('https://up.example/u/v1/videos/v/source');
  });
  it('a host that merely starts with the same letters is another host', () => {
    expect(
      uploadTarget({ uploadUrl: 'https://palco.example.net', apiUrl: 'https://palco.example' }).base,
    ).toBe('https://palco.example.net');
  });
});
