import { LANGUAGES, type LanguageCode } from '@tidemark/i18n';
import CheckList from 'antd-mobile/es/components/check-list';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../api/session';
import { tellServerLanguage } from '../../../features/content/api/content-queries';
import { changeLanguage, currentLanguage } from '../../../ui/i18n';
import { PageHeader, useGoBack } from '../../../ui/page-header';

/**
 * The eleven languages, each named in itself; the choice is kept on this device and, while signed
 * in, told to the server, which writes the trader's system mail in it.
 */
export default function LanguagePage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const token = useSession((s) => s.token);
  const [pending, setPending] = useState(false);

  const pick = async (code: LanguageCode) => {
    setPending(true);
    try {
      await changeLanguage(code);
      // Best effort: the app tells it again at the next sign-in if this fails.
      if (token) await tellServerLanguage(code).catch(() => undefined);
      goBack();
    } finally {
      setPending(false);
    }
  };

  return (
    <div>
      <PageHeader title={t('settings.language')} />
      <div className="page-body">
        <CheckList
          mode="card"
          value={[currentLanguage()]}
          disabled={pending}
          onChange={(value) => {
            const code = value[0] as LanguageCode | undefined;
            if (code && code !== currentLanguage()) void pick(code);
          }}
        >
          {LANGUAGES.map((lang) => (
            <CheckList.Item
              key={lang.code}
              value={lang.code}
              description={t(`languages.${lang.code}`)}
            >
              <span lang={lang.bcp47} dir={lang.dir}>
                {lang.nativeName}
              </span>
            </CheckList.Item>
          ))}
        </CheckList>
      </div>
    </div>
  );
}
