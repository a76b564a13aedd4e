import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { interpolate, LANGUAGE_CODES, LANGUAGES, localiseParams } from './index';

type Tree = { [key: string]: string | Tree };

const localesDir = path.resolve(import.meta.dirname, '../locales');
/** Each language's packs: the core one and those loaded later (see index.ts). */
const PACK_SETS = ['', 'pages', 'console'] as const;
const readSet = (set: string, code: string): Tree =>
  JSON.parse(fs.readFileSync(path.join(localesDir, set, `${code}.json`), 'utf8')) as Tree;
/** All of a language's packs as one tree (their top-level sections never overlap). */
const read = (code: string): Tree =>
  Object.assign({}, ...PACK_SETS.map((set) => readSet(set, code))) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

/**
 * i18next plurals: a text that depends on a count has one key per plural category of its language
 * ("x_one", "x_other" in English; "x_other" alone in Chinese; six forms in Arabic).
 */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const pluralCategories = (code: (typeof LANGUAGE_CODES)[number]) =>
  new Intl.PluralRules(LANGUAGES.find((l) => l.code === code)?.bcp47).resolvedOptions()
    .pluralCategories;

/**
 * A pack with each plural group as one entry under its bare key, holding the "other" form (the
 * one every language has), so languages with different categories compare key for key.
 */
function singular(texts: Map<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, text] of texts) {
    const bare = key.replace(PLURAL_SUFFIX, '');
    if (bare === key) out.set(key, text);
    else if (key.endsWith('_other')) out.set(bare, text);
    else if (!out.has(bare)) out.set(bare, '');
  }
  return out;
}

/** Plural groups of a pack: bare key -> its forms (category -> text). */
function pluralGroups(texts: Map<string, string>): Map<string, Map<string, string>> {
  const groups = new Map<string, Map<string, string>>();
  for (const [key, text] of texts) {
    const match = PLURAL_SUFFIX.exec(key);
    if (!match) continue;
    const bare = key.slice(0, match.index);
    const forms = groups.get(bare) ?? new Map<string, string>();
    forms.set(match[1]!, text);
    groups.set(bare, forms);
  }
  return groups;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Texts that are the same in every language: names, codes, units. */
const SAME_EVERYWHERE = new Set(['errors.statusCode500']);

/**
 * Keys whose English text is also the right word in that language (a loanword such as "Demo" in
 * German). Kept short and reviewed: a copied pack would need hundreds of entries here.
 */
const SAME_AS_ENGLISH: Partial<Record<string, readonly string[]>> = {
  de: [
    'account.tiers.gold',
    'languages.hd',
    'speed.ms',
    'spot.types.limit',
    'team.link',
    'console.team.counts',
    // Long and Short, as German trading apps and this pack's own buttons and rules say.
    'optionsTrade.directions.long',
    'optionsTrade.directions.short',
  ],
  fr: [
    'tabs.futures',
    'languages.hd',
    'speed.ms',
    'spot.form.total',
    'spot.orders.total',
    'console.team.source',
  ],
  es: ['languages.hd', 'speed.ms', 'spot.form.total', 'spot.orders.total'],
  vn: ['account.byEmail', 'speed.ms'],
};
const isUniversal = (text: string) =>
  /^[\d\s{}.,:;%/+\-–—…()A-Z]*$/.test(text.replace(/\{\{\s*\w+\s*\}\}/g, ''));

const englishForms = flatten(read('en'));
const english = singular(englishForms);

describe('language packs', () => {
  it('has each pack for each of the eleven languages and nothing else', () => {
    for (const set of PACK_SETS) {
      const files = fs
        .readdirSync(path.join(localesDir, set))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace('.json', ''));
      expect(files.sort()).toEqual([...LANGUAGE_CODES].sort());
    }
    expect(LANGUAGES.map((l) => l.code).sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(LANGUAGES.find((l) => l.code === 'ar')?.dir).toBe('rtl');
  });

  it('puts each section in exactly one pack, the same one in every language', () => {
    for (const code of LANGUAGE_CODES) {
      const sections = PACK_SETS.map((set) => Object.keys(readSet(set, code)).sort());
      expect(sections).toEqual(PACK_SETS.map((set) => Object.keys(readSet(set, 'en')).sort()));
      expect(new Set(sections.flat()).size).toBe(sections.flat().length);
    }
  });

  it('gives English texts that depend on a count its two plural forms', () => {
    for (const [bare, group] of pluralGroups(englishForms)) {
      expect([...group.keys()].sort(), bare).toEqual([...pluralCategories('en')].sort());
    }
  });

  for (const code of LANGUAGE_CODES.filter((c) => c !== 'en')) {
    describe(code, () => {
      const forms = flatten(read(code));
      const pack = singular(forms);

      it('has exactly the keys of the English pack', () => {
        expect([...pack.keys()].filter((k) => !english.has(k))).toEqual([]);
        expect([...english.keys()].filter((k) => !pack.has(k))).toEqual([]);
      });

      it('keeps every placeholder of each English text', () => {
        const broken = [...english].filter(([key, text]) => {
          const translated = pack.get(key);
          return (
            translated !== undefined &&
            placeholders(translated).join() !== placeholders(text).join()
          );
        });
        expect(broken.map(([key]) => key)).toEqual([]);
      });

      it('is translated, not an English copy', () => {
        const copies = [...english].filter(
          ([key, text]) =>
            pack.get(key) === text &&
            !SAME_EVERYWHERE.has(key) &&
            !isUniversal(text) &&
            !SAME_AS_ENGLISH[code]?.includes(key),
        );
        expect(copies.map(([key]) => key)).toEqual([]);
      });

      it('has no empty text', () => {
        expect([...forms].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
      });

      it('has exactly the plural forms its language needs, each with no other placeholder', () => {
        const needed = [...pluralCategories(code)].sort();
        for (const [bare, group] of pluralGroups(forms)) {
          expect([...group.keys()].sort(), bare).toEqual(needed);
          const allowed = new Set(placeholders(group.get('other') ?? ''));
          for (const text of group.values()) {
            expect(
              placeholders(text).filter((p) => !allowed.has(p)),
              bare,
            ).toEqual([]);
          }
        }
      });
    });
  }
});

describe('interpolate', () => {
  it('fills placeholders and leaves unknown ones alone', () => {
    expect(interpolate('wait {{seconds}} s, {{other}}', { seconds: 30 })).toBe(
      'wait 30 s, {{other}}',
    );
  });
});

describe('localiseParams', () => {
  it('names a country code in the given language and leaves everything else as it is', () => {
    expect(localiseParams({ country: 'DE', limit: 5 }, 'en')).toEqual({
      country: 'Germany',
      limit: 5,
    });
    expect(localiseParams({ country: 'DE' }, 'ar').country).not.toBe('DE');
    expect(localiseParams({ country: 'Germany' }, 'en')).toEqual({ country: 'Germany' });
    expect(localiseParams({ coin: 'BTC' }, 'de')).toEqual({ coin: 'BTC' });
  });
});
