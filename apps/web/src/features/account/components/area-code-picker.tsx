import CheckList from 'antd-mobile/es/components/check-list';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { DownFill } from 'antd-mobile-icons';
import { languageInfo } from '@tidemark/i18n';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../ui/i18n';
import { useCountries } from '../api/account-queries';

interface AreaCodePickerProps {
  value: string;
  onChange: (areaCode: string) => void;
}

/** "+86 ▾": opens a searchable list of countries, named in the app's language. */
export function AreaCodePicker({ value, onChange }: AreaCodePickerProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const countries = useCountries();

  const named = useMemo(() => {
    const names = new Intl.DisplayNames([languageInfo(currentLanguage()).bcp47], {
      type: 'region',
    });
    return (countries.data ?? [])
      .map((c) => ({ ...c, local: names.of(c.code) ?? c.name }))
      .sort((a, b) => a.local.localeCompare(b.local, i18n.language));
    // i18n.language re-sorts and renames after a language switch.
  }, [countries.data, i18n.language]);

  const query = search.trim().toLowerCase().replace(/^\+/, '');
  const shown = query
    ? named.filter(
        (c) =>
          c.local.toLowerCase().includes(query) ||
          c.name.toLowerCase().includes(query) ||
          c.dialCode.startsWith(query) ||
          c.code.toLowerCase() === query,
      )
    : named;

  return (
    <>
      <button
        type="button"
        className="area-code"
        onClick={() => setOpen(true)}
        aria-label={t('account.areaCode')}
      >
        +{value} <DownFill fontSize={10} />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="area-code-popup"
        destroyOnClose
      >
        <div className="area-code-popup__head">
          <strong>{t('account.chooseCountry')}</strong>
          <SearchBar placeholder={t('account.searchCountry')} value={search} onChange={setSearch} />
        </div>
        <div className="area-code-popup__list">
          <CheckList
            value={[]}
            onChange={(picked) => {
              const code = picked[0];
              const country = named.find((c) => c.code === code);
              if (country) onChange(country.dialCode);
              setOpen(false);
              setSearch('');
            }}
          >
            {shown.map((c) => (
              <CheckList.Item key={c.code} value={c.code}>
                <span className="area-code-popup__row">
                  <span>{c.local}</span>
                  <span className="muted">+{c.dialCode}</span>
                </span>
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </Popup>
    </>
  );
}
