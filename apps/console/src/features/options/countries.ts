/**
 * The countries an operator can restrict, named in the console's language by Intl.DisplayNames
 * (as the web app names its country lists). ICU knows which two-letter codes are regions; codes it
 * only knows as an alias of another (UK for GB, ZR for CD) and the groupings that are no country
 * (the EU, the UN, "unknown region", pseudo-locales) are left out.
 */

const NOT_COUNTRIES = new Set(['EU', 'EZ', 'QO', 'UN', 'XA', 'XB', 'ZZ']);

let codes: readonly string[] | undefined;

/** Every ISO 3166 alpha-2 region code ICU names, sorted. */
export function regionCodes(): readonly string[] {
  if (!codes) {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const found: string[] = [];
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (NOT_COUNTRIES.has(code)) continue;
        const name = names.of(code);
        if (!name || name === code) continue;
        // An alias canonicalises to its successor's code: keep the successor only.
        if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
        found.push(code);
      }
    }
    codes = found;
  }
  return codes;
}

export interface NamedCountry {
  code: string;
  name: string;
}

/**
 * The codes with their names in `locale`, sorted by name in that language. A code ICU does not
 * name (one saved before, or typed by hand) keeps its code as its name.
 */
export function namedCountries(locale: string, list: readonly string[]): NamedCountry[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  return list
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale) || a.code.localeCompare(b.code));
}

/** What the server stores: upper-case codes, each once, sorted, comma separated. */
export function countriesParam(list: readonly string[]): string {
  return [...new Set(list.map((c) => c.trim().toUpperCase()).filter((c) => c !== ''))]
    .sort()
    .join(',');
}
