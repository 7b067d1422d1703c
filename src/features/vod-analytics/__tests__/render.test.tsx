import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/locales/en/pages.po';
import { FigureRows } from '../components/figure-rows';
import { Totals } from '../components/totals';
import { vodAnalyticsFixture } from './fixtures';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages });
});

const render = (node: ReactNode) => renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

describe('VOD analytics (server-rendered markup)', () => {
  it("shows the folder's totals with their labels", () => {
    const html = render(<Totals totals={vodAnalyticsFixture().totals} />);
    expect(html).toContain('data-testid="vod-total-views">12,345<');
    expect(html).toContain('data-testid="vod-total-watch">1.5 h<');
    expect(html).toContain('data-testid="vod-total-startup">1.2 s<');
    expect(html).toContain('data-testid="vod-total-rebuffer">2.4%<');
    expect(html).toContain('data-testid="vod-total-likes">37<');
    expect(html).toContain('data-testid="vod-total-videos">9<');
    for (const label of ['Views', 'Watch time', 'Likes', 'Videos']) expect(html).toContain(label);
  });

  it('lists videos as a table on a desktop and as cards on a phone, views marked for tests', () => {
    const rows = vodAnalyticsFixture().videos.map((v) => ({ ...v, name: v.title }));
    const table = render(<FigureRows kind="video" rows={rows} mobile={false} labelledBy="t" />);
    expect(table).toContain('<table');
    expect(table).toContain('Aula inaugural');
    expect(table).toContain('data-testid="vod-analytics-video-views">11,000<');
    expect(table).not.toContain('>Videos<'); // a video row has no videos column
    const cards = render(<FigureRows kind="video" rows={rows} mobile labelledBy="t" />);
    expect(cards).not.toContain('<table');
    expect(cards).toContain('data-testid="vod-analytics-video-row"');
    expect(cards).toContain('data-testid="vod-analytics-video-views">11,000<');
    expect(cards).toContain('—'); // unknown startup and rebuffering
  });

  it("gives a folder row its subtree's video count", () => {
    const rows = vodAnalyticsFixture().folders.map((f) => ({ ...f, name: f.name }));
    const html = render(<FigureRows kind="folder" rows={rows} mobile={false} labelledBy="t" />);
    expect(html).toContain('>Folder<');
    expect(html).toContain('data-testid="vod-analytics-folder-views">1,200<');
    expect(html).toContain('>7<');
  });
});
