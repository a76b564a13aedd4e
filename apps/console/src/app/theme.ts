import { theme as antdTheme, type ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';

export type Theme = 'dark' | 'light';
export const THEME_KEY = 'console.theme';

/** The brand colour of the logo, shared with the trader app. */
const BRAND = '#2ec4b6';

function savedTheme(): Theme {
  try {
    return localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

let current: Theme = savedTheme();
const listeners = new Set<() => void>();

function apply(theme: Theme): void {
  const root = document.documentElement;
  root.setAttribute('data-theme', theme);
  root.style.background = theme === 'dark' ? '#0b0e14' : '#f5f6f8';
}

export function setTheme(theme: Theme): void {
  current = theme;
  localStorage.setItem(THEME_KEY, theme);
  apply(theme);
  for (const listener of listeners) listener();
}

/** Dark by default like the trader app; the choice is kept in localStorage. */
export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** antd's theme for the console: its dark or default algorithm with the brand colour. */
export function themeConfig(theme: Theme): ThemeConfig {
  return {
    algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: BRAND,
      colorInfo: BRAND,
      borderRadius: 6,
      ...(theme === 'dark' ? { colorBgBase: '#0b0e14', colorBgLayout: '#0b0e14' } : {}),
    },
    components: {
      Layout: {
        siderBg: theme === 'dark' ? '#10141c' : '#ffffff',
        headerBg: theme === 'dark' ? '#10141c' : '#ffffff',
        bodyBg: theme === 'dark' ? '#0b0e14' : '#f5f6f8',
        triggerBg: theme === 'dark' ? '#161b26' : '#eef0f3',
        triggerColor: theme === 'dark' ? '#c9d1d9' : '#1f2329',
      },
      Menu: theme === 'dark' ? { darkItemBg: '#10141c' } : {},
    },
  };
}
