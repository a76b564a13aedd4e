import { languageInfo } from '@tidemark/i18n';
import CheckList from 'antd-mobile/es/components/check-list';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { RightOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../ui/i18n';

export interface Country {
  /** ISO 3166 alpha-2. */
  code: string;
  name: string;
}

interface CountryFieldProps {
  label: string;
  countries: readonly Country[];
  value: string;
  onChange: (code: string) => void;
}

/** The country or region of a verification: a field that opens a searchable list in the app's language. */
export function CountryField({ label, countries, value, onChange }: CountryFieldProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');

  const named = useMemo(() => {
    const names = new Intl.DisplayNames([languageInfo(currentLanguage()).bcp47], {
      type: 'region',
    });
    return countries
      .map((c) => ({ ...c, local: names.of(c.code) ?? c.name }))
      .sort((a, b) => a.local.localeCompare(b.local, i18n.language));
    // i18n.language renames and re-sorts after a language switch.
  }, [countries, i18n.language]);

  const query = search.trim().toLowerCase();
  const shown = query
    ? named.filter(
        (c) =>
          c.local.toLowerCase().includes(query) ||
          c.name.toLowerCase().includes(query) ||
          c.code.toLowerCase() === query,
      )
    : named;
  const chosen = named.find((c) => c.code === value);

  return (
    <>
      <button type="button" className="field field--button" onClick={() => setOpen(true)}>
        <span className="field__label">{label}</span>
        <span className={chosen ? 'field__value' : 'field__value field__value--empty'}>
          {chosen ? chosen.local : t('verify.chooseCountry')}
        </span>
        <RightOutline className="flip-rtl muted" />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="area-code-popup"
        destroyOnClose
      >
        <div className="area-code-popup__head">
          <strong>{t('verify.chooseCountry')}</strong>
          <SearchBar placeholder={t('verify.searchCountry')} value={search} onChange={setSearch} />
        </div>
        <div className="area-code-popup__list">
          <CheckList
            value={value ? [value] : []}
            onChange={(picked) => {
              const code = picked[0];
              if (typeof code === 'string') onChange(code);
              setOpen(false);
              setSearch('');
            }}
          >
            {shown.map((c) => (
              <CheckList.Item key={c.code} value={c.code}>
                {c.local}
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </Popup>
    </>
  );
}
