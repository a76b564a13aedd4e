import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

export interface Country {
  code: string;
  dialCode: string;
  name: string;
}

let countries: Country[] | undefined;

/** Every country of the phone-number metadata with its dialling code, by English name. */
export function countryList(): Country[] {
  if (!countries) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    countries = getCountries()
      .map((code) => ({
        code,
        dialCode: String(getCountryCallingCode(code)),
        name: names.of(code) ?? code,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return countries;
}
