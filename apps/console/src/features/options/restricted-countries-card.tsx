import { languageInfo } from '@tidemark/i18n';
import { Button, Card, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../ui/i18n';
import { notifySuccess } from '../../ui/notify';
import { countriesParam, namedCountries, regionCodes } from './countries';
import { useSetRestrictedCountries } from './options-api';

/**
 * The countries where the real book refuses option orders (by the trader's primary verification
 * country; the demo book is open everywhere). Each shown by its name in the operator's language.
 */
export function RestrictedCountriesCard({
  saved,
  editable,
}: {
  saved: readonly string[];
  editable: boolean;
}) {
  const { t } = useTranslation();
  const save = useSetRestrictedCountries();
  const [draft, setDraft] = useState<string[] | null>(null);
  const locale = languageInfo(currentLanguage()).bcp47;
  const options = useMemo(
    () =>
      namedCountries(locale, [...new Set([...regionCodes(), ...saved])]).map((c) => ({
        value: c.code,
        label: `${c.name} (${c.code})`,
      })),
    // A language switch changes the locale: the names and their order follow.
    [locale, saved],
  );
  const shown = namedCountries(locale, saved);
  const value = draft ?? [...saved];
  const changed = draft !== null && countriesParam(draft) !== countriesParam(saved);

  return (
    <Card title={t('console.options.restrictedTitle')} data-testid="restricted-countries">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('console.options.restrictedHint')}</Typography.Text>
        {editable ? (
          <Space.Compact style={{ width: '100%' }}>
            <Select
              mode="multiple"
              allowClear
              value={value}
              onChange={(next: string[]) => setDraft(next)}
              options={options}
              optionFilterProp="label"
              placeholder={t('console.options.restrictedNone')}
              style={{ flex: 1 }}
              aria-label={t('console.options.restrictedTitle')}
            />
            <Button
              type="primary"
              disabled={!changed}
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  { countries: countriesParam(value) },
                  {
                    onSuccess: () => {
                      setDraft(null);
                      notifySuccess(t('console.options.saved'));
                    },
                  },
                )
              }
            >
              {t('console.common.save')}
            </Button>
          </Space.Compact>
        ) : shown.length ? (
          <Space wrap size={[4, 4]}>
            {shown.map((c) => (
              <Tag key={c.code}>
                {c.name} ({c.code})
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text>{t('console.options.restrictedNone')}</Typography.Text>
        )}
      </Space>
    </Card>
  );
}
