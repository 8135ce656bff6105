import { ConfigProvider, type ThemeConfig } from 'antd';
import { Outlet } from 'react-router';
import '../console.css';

/**
 * The site's theme with darker shades where text sits on colour: white on the brand green (#12a05c) is 3.4:1,
 * on its dark shade 5.2:1; the status colours (a tag's text, an alert's) and antd's tertiary grey likewise, so
 * every text of the console reads at 4.5:1 or more (its staff work long hours on it, on phones too).
 */
const CONSOLE_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0b7d47',
    colorLink: '#0b7d47',
    colorSuccess: '#0b7d47',
    colorInfo: '#0958d9',
    colorWarning: '#a05a00',
    colorError: '#c62f2f',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  },
  components: {
    Menu: { itemHeight: 44, itemSelectedBg: '#e8f6ee', itemSelectedColor: '#0b7d47' },
    Button: { controlHeight: 36, controlHeightLG: 44 },
  },
};

/** Every page of the console, the sign-in included. */
export function ConsoleFrame() {
  return (
    <ConfigProvider theme={CONSOLE_THEME}>
      <div className="console-root">
        <Outlet />
      </div>
    </ConfigProvider>
  );
}
