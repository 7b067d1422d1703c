import { describe, expect, it } from 'vitest';
import { RENDERED_ID, renderedAnswer } from '../rendered';

// docs/playback.md "Startup time: the answer in the page": the page uses the answer the server rendered
// only when it was made for what the page itself would ask.
const page = (text: string | null) => ({
  getElementById: (id: string) =>
    id === RENDERED_ID && text !== null ? ({ textContent: text } as HTMLElement) : null,
});
const LIVE = { kind: 'live' as const, id: 'f0000000-0000-4000-8000-000000000001' };
const rendered = (origin: string | null, attendee = false, info: object = { kind: 'live', id: LIVE.id }) =>
  JSON.stringify({ origin, attendee, info });

describe('renderedAnswer', () => {
  it('answers the rendered info when it was made for this origin, target and attendee', () => {
    expect(
      renderedAnswer(page(rendered('https://site.example')), LIVE, 'https://site.example', null),
    ).toEqual({
      kind: 'live',
      id: LIVE.id,
    });
    expect(renderedAnswer(page(rendered(null)), LIVE, null, null)).not.toBeNull();
    expect(renderedAnswer(page(rendered(null, true)), LIVE, null, 'a'.repeat(20))).not.toBeNull();
  });

  it('is null when the page would ask otherwise: another origin, attendee or target, or nothing rendered', () => {
    // The server read the Referer; the page's parent is another site: the page asks with its own origin.
    expect(
      renderedAnswer(page(rendered('https://site.example')), LIVE, 'https://other.example', null),
    ).toBeNull();
    expect(renderedAnswer(page(rendered(null)), LIVE, 'https://site.example', null)).toBeNull();
    expect(renderedAnswer(page(rendered(null)), LIVE, null, 'a'.repeat(20))).toBeNull();
    expect(renderedAnswer(page(rendered(null)), { kind: 'vod', id: LIVE.id }, null, null)).toBeNull();
    expect(renderedAnswer(page(null), LIVE, null, null)).toBeNull();
    expect(renderedAnswer(page('{not json'), LIVE, null, null)).toBeNull();
    expect(renderedAnswer(page(rendered(null)), null, null, null)).toBeNull();
  });
});
