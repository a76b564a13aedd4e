import { LANGUAGES, type LanguageCode } from '@tidemark/i18n';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from './i18n';

/** The console's language, each named in itself; the choice is kept (see ui/i18n.ts). */
export function LanguageSelect(
  props: Omit<SelectProps<LanguageCode>, 'value' | 'onChange' | 'options'>,
) {
  const { t, i18n } = useTranslation();
  return (
    <Select<LanguageCode>
      {...props}
      value={i18n.language as LanguageCode}
      onChange={(code) => void changeLanguage(code)}
      options={LANGUAGES.map((l) => ({ value: l.code, label: l.nativeName }))}
      aria-label={t('console.header.language')}
      popupMatchSelectWidth={false}
    />
  );
}
