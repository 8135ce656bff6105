import { describe, expect, it } from 'vitest';
import { isMobileBrowser } from './mobile-browser.ts';

describe('isMobileBrowser', () => {
  it('knows phones and in-app browsers', () => {
    expect(
      isMobileBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(true);
    expect(
      isMobileBrowser(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toBe(true);
    expect(isMobileBrowser('Mozilla/5.0 (Linux; U; Android 13) MicroMessenger/8.0.49')).toBe(true);
    expect(isMobileBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0', true)).toBe(true);
  });

  it('leaves desktop browsers on the desktop pages', () => {
    expect(
      isMobileBrowser(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      ),
    ).toBe(false);
    expect(isMobileBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15')).toBe(
      false,
    );
    expect(isMobileBrowser('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/126.0', false)).toBe(false);
  });
});
