import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/locales/en/pages.po';
import { LiveDashboard } from '../components/live-dashboard';
import { initialSeriesState, type SeriesState, seriesReducer } from '../lib/series-store';
import { summaryFixture, T0 } from './fixtures';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages });
});

const render = (series: SeriesState = initialSeriesState()) =>
  renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <LiveDashboard summary={summaryFixture()} series={series} online />
    </I18nProvider>,
  );

describe('the live dashboard (server-rendered markup, no server needed)', () => {
  it('shows every summary figure with its label', () => {
    const html = render();
    for (const figure of [
      'viewersNow',
      'peak',
      'views',
      'spectators',
      'watchHours',
      'sessionTime',
      'startupTime',
      'initFail',
      'playbackFail',
      'exitBeforeStart',
      'rebuffering',
      'totalTime',
    ])
      expect(html, figure).toContain(`data-figure="${figure}"`);
    expect(html).toContain('Viewers now');
    expect(html).toContain('1,234');
    expect(html).toContain('1:35');
    expect(html).toContain('2.4%');
    expect(html).toContain('44 stalls');
  });

  it('says how the peak is measured, next to a chart of another grain', () => {
    expect(render()).toMatch(
      /data-figure="peak".*?Highest instant count; the chart shows one count every 10 s/,
    );
  });

  it('lists places, CDN use, systems and signals, and credits the databases with web links only', () => {
    const html = render();
    expect(html).toContain('São Paulo');
    expect(html).toContain('Unknown');
    expect(html).toContain('cloudflare');
    expect(html).toContain('Android');
    expect(html).toContain('1920×1080');
    expect(html).toContain('href="https://db-ip.com/"');
    expect(html).toContain('Bad link');
    expect(html).not.toContain('javascript:');
  });

  it('says the newest values of a chart in text, and takes viewers now from a newer push', () => {
    const series = seriesReducer(initialSeriesState(), {
      type: 'series/pushed',
      push: { liveId: 'live-1', t: T0 + 10_000, metrics: { viewers: { total: 350, split: {} } } },
      windowed: true,
    });
    const html = render(series);
    expect(html).toContain('Latest values');
    expect(html).toMatch(/data-figure="viewersNow".*?350/);
    expect(html).toContain('No data in this period.');
  });
});
