import consoleEn from '@tidemark/i18n/locales/console/en.json';
import en from '@tidemark/i18n/locales/en.json';
import { initReactI18next } from 'react-i18next';
import { i18next } from './i18n';

/**
 * For component tests: the console's i18next in English, with the app's and the console's texts,
 * interpolating as the console does (React escapes; i18next does not).
 */
export async function inEnglish(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: { ...en, ...consoleEn } } },
    interpolation: { escapeValue: false },
  });
}
