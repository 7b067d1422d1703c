import { describe, expect, it } from 'vitest';
import { formatBrowser, parseBrowser } from '../lib/user-agent';

const read = (ua: string | null | undefined) => {
  const b = parseBrowser(ua);
  return b ? formatBrowser(b) : null;
};

describe('parseBrowser', () => {
  it('names the desktop browsers with their version', () => {
    expect(
      read(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.8078.79 Safari/537.36',
      ),
    ).toBe('Chrome 156');
    expect(read('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0')).toBe(
      'Firefox 130',
    );
    expect(
      read(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
      ),
    ).toBe('Safari 17.4');
    expect(
      read(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
      ),
    ).toBe('Edge 120');
    expect(
      read(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0',
      ),
    ).toBe('Opera 105');
  });

  it('names the mobile browsers', () => {
    expect(
      read(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17.4');
    expect(
      read(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/122.0.6261.89 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Chrome 122');
    expect(
      read(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15',
      ),
    ).toBe('Firefox 124');
    expect(
      read(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Samsung Internet 25');
    expect(
      read(
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome 125');
  });

  it('names headless Chrome, old Internet Explorer and command-line clients', () => {
    expect(
      read(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome Headless 156');
    expect(read('Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko')).toBe(
      'Internet Explorer 11',
    );
    expect(read('curl/8.5.0')).toBe('curl 8');
    expect(read('node')).toBe('Node.js');
  });

  it('answers null for nothing or an unknown agent', () => {
    expect(read('')).toBeNull();
    expect(read(null)).toBeNull();
    expect(read(undefined)).toBeNull();
    expect(read('SomethingElse/1.0')).toBeNull();
  });
});
