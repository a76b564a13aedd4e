import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type LanguageCode } from '@tidemark/i18n';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from './i18n';

/**
 * The console's language, each named in itself, behind a globe (the sign for a language choice
 * that reads in every language); the usual arrow stays at the end. The choice is kept (ui/i18n.ts).
 */
export function LanguageSelect(
  props: Omit<SelectProps<LanguageCode>, 'value' | 'onChange' | 'options' | 'prefix'>,
) {
  const { t, i18n } = useTranslation();
  return (
    <Select<LanguageCode>
      {...props}
      prefix={<GlobalOutlined className="language-select__icon" aria-hidden />}
      value={i18n.language as LanguageCode}
      onChange={(code) => void changeLanguage(code)}
      options={LANGUAGES.map((l) => ({ value: l.code, label: l.nativeName }))}
      aria-label={t('console.header.language')}
      popupMatchSelectWidth={false}
    />
  );
}
