import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySheet, useNamedCountries, type Country } from '../../../ui/country-sheet';
import { useInvalid } from '../../../ui/invalid-fields';

interface CountryFieldProps {
  label: string;
  countries: readonly Country[];
  value: string;
  onChange: (code: string) => void;
}

/** The country or region of a verification: a field that opens a searchable list in the app's language. */
export function CountryField({ label, countries, value, onChange }: CountryFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const named = useNamedCountries(countries);
  const chosen = named.find((c) => c.country.code === value);
  const invalid = useInvalid('country');

  return (
    <>
      {/* The label above the choice, as in the text fields: side by side, "Choose country or
          region" was cut off at 360 px in several languages. */}
      <button
        type="button"
        className="field field--button field--stacked"
        data-field="country"
        data-invalid={invalid}
        onClick={() => setOpen(true)}
      >
        <span className="field__label">{label}</span>
        <span className="field__choice">
          <span className={chosen ? 'field__value' : 'field__value field__value--empty'}>
            {chosen ? chosen.local : t('verify.chooseCountry')}
          </span>
          <RightOutline className="flip-rtl muted" />
        </span>
      </button>
      <CountrySheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('verify.chooseCountry')}
        searchPlaceholder={t('verify.searchCountry')}
        named={named}
        checked={value}
        onPick={(country) => onChange(country.code)}
      />
    </>
  );
}
