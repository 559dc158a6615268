import { theme, type ThemeConfig } from 'antd';
import type { ThemeMode } from './theme-mode.ts';

/** Product theme values of SPEC section 1. */
const productTokens = {
  colorPrimary: '#1677ff',
  colorSuccess: '#52c41a',
  colorWarning: '#faad14',
  colorError: '#ff4d4f',
  fontSize: 14,
  borderRadius: 6,
  controlHeight: 40,
  controlHeightLG: 56,
  controlHeightSM: 32,
  controlHeightXS: 24,
  // antd sizes the checkbox box from this token.
  controlInteractiveSize: 16,
} as const;

/** Our own surfaces for the dark theme (layout, menu, header, cards), a notch apart. */
export const darkSurfaces = {
  layout: '#0b0f17',
  sider: '#111722',
  header: '#111722',
  card: '#161d2a',
  border: '#263041',
} as const;

export const lightSurfaces = {
  layout: '#f3f5f9',
  sider: '#ffffff',
  header: '#ffffff',
  card: '#ffffff',
  border: '#e8ebf0',
} as const;

// A 40 px message row: 22 px of text (14 px at antd's line height) plus 9 px above and below.
const MESSAGE_PADDING = '9px 16px';

/** The antd theme for a mode: product tokens, component tokens, and dark surfaces. */
export function themeConfig(mode: ThemeMode): ThemeConfig {
  const dark = mode === 'dark';
  const surfaces = dark ? darkSurfaces : lightSurfaces;
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      ...productTokens,
      colorBgLayout: surfaces.layout,
      colorBgContainer: dark ? surfaces.card : '#ffffff',
      colorBgElevated: dark ? '#1b2332' : '#ffffff',
      colorBorderSecondary: surfaces.border,
    },
    components: {
      Checkbox: { controlInteractiveSize: 16 },
      Table: { headerColor: '#6C6C6C' },
      Pagination: { borderRadius: 0, borderRadiusSM: 0, borderRadiusLG: 0 },
      Message: { contentPadding: MESSAGE_PADDING },
      Layout: {
        bodyBg: surfaces.layout,
        headerBg: surfaces.header,
        siderBg: surfaces.sider,
        headerPadding: '0 16px',
        headerHeight: 56,
      },
      Menu: dark
        ? {
            darkItemBg: surfaces.sider,
            darkSubMenuItemBg: '#0d131d',
            itemBg: surfaces.sider,
            subMenuItemBg: surfaces.sider,
          }
        : { itemBg: surfaces.sider, subMenuItemBg: surfaces.sider },
      Card: { colorBgContainer: surfaces.card },
    },
  };
}
