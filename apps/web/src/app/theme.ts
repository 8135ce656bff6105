import type { ThemeConfig } from 'antd';

/**
 * The brand green of the pharmacy as text and controls draw it (5.2:1 on white, white on it alike); the same
 * value as `--brand` in styles.css, where the palette and its contrast rule are (docs/ARCHITECTURE.md,
 * "Accessibility").
 */
export const BRAND_PRIMARY = '#0b7d47';

/**
 * antd's styles are built with this theme (build/antd-static-style-plugin.ts), not computed in the browser:
 * `zeroRuntime` stops antd generating them, `hashed: false` keeps the class names the built CSS selects.
 * Every colour text is drawn in meets 4.5:1 on white: the hover and press shades of the brand are darker, not
 * lighter as antd would derive them; the tertiary text (descriptions, empty states, icons) is #666 instead of
 * #8c8c8c; a control's edge (inputs, checkboxes, outlined buttons) is #8c8c8c, 3:1.
 */
export const theme: ThemeConfig = {
  zeroRuntime: true,
  hashed: false,
  token: {
    colorPrimary: BRAND_PRIMARY,
    colorPrimaryHover: '#096b3c',
    colorPrimaryActive: '#075a32',
    colorPrimaryText: BRAND_PRIMARY,
    colorPrimaryTextHover: '#096b3c',
    colorLink: BRAND_PRIMARY,
    colorLinkHover: '#096b3c',
    colorLinkActive: '#075a32',
    colorSuccess: BRAND_PRIMARY,
    colorError: '#cc2f36',
    colorErrorHover: '#b3262c',
    colorErrorActive: '#9c1f25',
    colorWarning: '#d46b08',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorBorder: '#8c8c8c',
    borderRadius: 6,
    fontSize: 14,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "Helvetica Neue", Arial, sans-serif',
    colorBgLayout: '#f5f5f5',
  },
  components: {
    Button: { controlHeightLG: 44, fontWeight: 500 },
    Input: { controlHeightLG: 44 },
    Tabs: { titleFontSizeLG: 18 },
    Menu: { itemBorderRadius: 4, itemHeight: 40, itemSelectedBg: '#e8f6ee' },
  },
};

/**
 * 长辈模式 (app/elderly-mode.ts), after 互联网网站适老化通用设计规范: text of 18 px, controls 48 px tall (the
 * large ones 56), colours of text and controls at 7:1 on white (the same values as `:root.elderly-mode` in
 * styles.css) and no motion. Laid over the site's theme by AppProviders; antd writes its CSS variables anew.
 */
export const ELDERLY_TOKENS = {
  fontSize: 18,
  fontSizeSM: 18,
  controlHeight: 48,
  controlHeightSM: 48,
  controlHeightLG: 56,
  motion: false,
  colorPrimary: '#0a5a34',
  colorPrimaryHover: '#084a2b',
  colorPrimaryActive: '#063b22',
  colorPrimaryText: '#0a5a34',
  colorPrimaryTextHover: '#084a2b',
  colorLink: '#0a5a34',
  colorLinkHover: '#084a2b',
  colorLinkActive: '#063b22',
  colorSuccess: '#0a5a34',
  colorError: '#9f1d23',
  colorErrorHover: '#861419',
  colorErrorActive: '#6e1015',
  colorWarning: '#7a3500',
  colorTextSecondary: '#404040',
  colorTextTertiary: '#474747',
  colorTextDescription: '#474747',
  colorTextPlaceholder: '#595959',
  colorBorder: '#6b6b6b',
} satisfies ThemeConfig['token'];

export const ELDERLY_COMPONENTS: ThemeConfig['components'] = {
  Button: { controlHeightLG: 56, fontWeight: 500 },
  Input: { controlHeightLG: 56 },
  Tabs: { titleFontSizeLG: 22 },
  Menu: { itemBorderRadius: 4, itemHeight: 52, itemSelectedBg: '#e8f6ee' },
};
