import type { ThemeConfig } from 'antd';

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
