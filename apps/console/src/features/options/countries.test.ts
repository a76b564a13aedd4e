import { describe, expect, it } from 'vitest';
import { countriesParam, namedCountries, regionCodes } from './countries';

describe('regionCodes', () => {
  it('lists the countries ICU names, without aliases or groupings', () => {
    const codes = regionCodes();
    for (const code of ['DE', 'US', 'CN', 'GB', 'SA', 'XK']) expect(codes).toContain(code);
    for (const code of ['UK', 'ZR', 'EU', 'UN', 'ZZ', 'XA', 'AA'])
      expect(codes).not.toContain(code);
    expect(codes.length).toBeGreaterThan(240);
    expect([...codes].sort()).toEqual(codes);
  });
});

describe('namedCountries', () => {
  it('names each code in the language and sorts by that name', () => {
    expect(namedCountries('de', ['US', 'DE', 'AT'])).toEqual([
      { code: 'DE', name: 'Deutschland' },
      { code: 'AT', name: 'Österreich' },
      { code: 'US', name: 'Vereinigte Staaten' },
    ]);
    expect(namedCountries('zh-CN', ['JP'])).toEqual([{ code: 'JP', name: '日本' }]);
  });
});

describe('countriesParam', () => {
  it('is the codes upper-cased, each once, sorted and comma separated', () => {
    expect(countriesParam(['us', 'DE', 'US', ' fr '])).toBe('DE,FR,US');
    expect(countriesParam([])).toBe('');
  });
});
