import { create } from 'zustand';
import { readStored, writeStored } from '../ui/stored';

export type Theme = 'dark' | 'light';
export const THEME_KEY = 'theme';

function savedTheme(): Theme {
  return readStored(THEME_KEY) === 'light' ? 'light' : 'dark';
}

/** antd-mobile reads data-prefers-color-scheme; our own tokens read data-theme. */
function apply(theme: Theme): void {
  const root = document.documentElement;
  root.setAttribute('data-theme', theme);
  root.setAttribute('data-prefers-color-scheme', theme);
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#0b0e14' : '#ffffff');
}

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
}

/** Dark by default (SPEC.md section 1), light on request; kept in localStorage. */
export const useTheme = create<ThemeState>((set) => ({
  theme: savedTheme(),
  setTheme(theme) {
    writeStored(THEME_KEY, theme);
    apply(theme);
    set({ theme });
  },
}));

export function applySavedTheme(): void {
  apply(savedTheme());
}
