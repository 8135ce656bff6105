import type { ThemeConfig } from 'antd';

/** The brand green of the pharmacy; every accent of the site derives from it. */
export const BRAND_PRIMARY = '#12a05c';

/**
 * antd's styles are built with this theme (build/antd-static-style-plugin.ts), not computed in the browser:
 * `zeroRuntime` stops antd generating them, `hashed: false` keeps the class names the built CSS selects.
 */
export const theme: ThemeConfig = {
  zeroRuntime: true,
  hashed: false,
  token: {
    colorPrimary: BRAND_PRIMARY,
    colorLink: BRAND_PRIMARY,
    colorSuccess: BRAND_PRIMARY,
    colorError: '#e5484d',
    colorWarning: '#f5a623',
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
