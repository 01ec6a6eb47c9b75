import { theme as antdTheme, type ThemeConfig } from 'antd';

/** Brand colour and shape; the CSS variables in global.css mirror these for plain CSS. */
export const BRAND = '#5b5bf6';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND,
    colorInfo: BRAND,
    borderRadius: 10,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
    colorBgLayout: '#f6f7fb',
  },
  components: {
    Modal: { borderRadiusLG: 18 },
    Button: { fontWeight: 500 },
  },
};

/** Dark surfaces: the same brand on antd's dark algorithm; the layout grey matches --wx-bg of html[data-theme='dark']. */
export const darkTheme: ThemeConfig = {
  ...theme,
  algorithm: antdTheme.darkAlgorithm,
  token: { ...theme.token, colorBgLayout: '#111218', colorBgContainer: '#1c1d26', colorBgElevated: '#23242f' },
};

/** The antd theme of a scheme, without motion when the system asks for less. */
export function antdThemeFor(scheme: 'light' | 'dark', reducedMotion: boolean): ThemeConfig {
  const base = scheme === 'dark' ? darkTheme : theme;
  return reducedMotion ? { ...base, token: { ...base.token, motion: false } } : base;
}
