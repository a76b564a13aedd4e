import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySheet, useNamedCountries } from '../../../ui/country-sheet';
import { useCountries } from '../api/account-queries';

interface AreaCodePickerProps {
  value: string;
  onChange: (areaCode: string) => void;
}

const NO_COUNTRIES: readonly [] = [];

/** "+86 ▾": opens a searchable list of countries, named in the app's language. */
export function AreaCodePicker({ value, onChange }: AreaCodePickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const countries = useCountries();
  const named = useNamedCountries(countries.data ?? NO_COUNTRIES);

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
      <CountrySheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('account.chooseCountry')}
        searchPlaceholder={t('account.searchCountry')}
        named={named}
        onPick={(country) => onChange(country.dialCode)}
        matches={(country, query) => country.dialCode.startsWith(query)}
        renderExtra={(country) => <span className="muted">+{country.dialCode}</span>}
      />
    </>
  );
}
