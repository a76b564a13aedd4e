import { languageInfo } from '@tidemark/i18n';
import CheckList from 'antd-mobile/es/components/check-list';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n';
import { Sheet } from './sheet';

export interface Country {
  /** ISO 3166 alpha-2. */
  code: string;
  name: string;
}

/** A country with its name in the app's language. */
export interface NamedCountry<C extends Country> {
  country: C;
  local: string;
}

/** Countries named in the app's language, sorted by that name; renamed after a language switch. */
export function useNamedCountries<C extends Country>(
  countries: readonly C[],
): readonly NamedCountry<C>[] {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([languageInfo(currentLanguage()).bcp47], {
      type: 'region',
    });
    return countries
      .map((c) => ({ country: c, local: names.of(c.code) ?? c.name }))
      .sort((a, b) => a.local.localeCompare(b.local, i18n.language));
    // i18n.language renames and re-sorts after a language switch.
  }, [countries, i18n.language]);
}

interface CountrySheetProps<C extends Country> {
  open: boolean;
  onClose: () => void;
  title: string;
  searchPlaceholder: string;
  /** From useNamedCountries. */
  named: readonly NamedCountry<C>[];
  /** The code shown ticked, if any. */
  checked?: string;
  onPick: (country: C) => void;
  /** Another way a search finds a country (the area code picker: its dialling code). */
  matches?: (country: C, query: string) => boolean;
  /** Shown after the name in each row (the area code picker: "+49"). */
  renderExtra?: (country: C) => ReactNode;
}

/**
 * A searchable list of countries in the app's language (area codes, the country of a
 * verification): a search matches the local name, the English name or the ISO code.
 */
export function CountrySheet<C extends Country>({
  open,
  onClose,
  title,
  searchPlaceholder,
  named,
  checked,
  onPick,
  matches,
  renderExtra,
}: CountrySheetProps<C>) {
  const [search, setSearch] = useState('');
  const query = search.trim().toLowerCase().replace(/^\+/, '');
  const shown = query
    ? named.filter(
        ({ country, local }) =>
          local.toLowerCase().includes(query) ||
          country.name.toLowerCase().includes(query) ||
          country.code.toLowerCase() === query ||
          Boolean(matches?.(country, query)),
      )
    : named;

  return (
    <Sheet open={open} onClose={onClose} bodyClassName="area-code-popup" destroyOnClose>
      <div className="area-code-popup__head">
        <strong>{title}</strong>
        <SearchBar placeholder={searchPlaceholder} value={search} onChange={setSearch} />
      </div>
      <div className="area-code-popup__list">
        <CheckList
          value={checked ? [checked] : []}
          onChange={(picked) => {
            const found = named.find(({ country }) => country.code === picked[0]);
            if (found) onPick(found.country);
            onClose();
            setSearch('');
          }}
        >
          {shown.map(({ country, local }) => (
            <CheckList.Item key={country.code} value={country.code}>
              {renderExtra ? (
                <span className="area-code-popup__row">
                  <span>{local}</span>
                  {renderExtra(country)}
                </span>
              ) : (
                local
              )}
            </CheckList.Item>
          ))}
        </CheckList>
      </div>
    </Sheet>
  );
}
