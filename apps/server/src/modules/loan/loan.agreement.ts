import { createHash } from 'node:crypto';
import { LANGUAGE_CODES, type LanguageCode } from '@tidemark/i18n';
import ar from '@tidemark/i18n/locales/pages/ar.json';
import de from '@tidemark/i18n/locales/pages/de.json';
import en from '@tidemark/i18n/locales/pages/en.json';
import es from '@tidemark/i18n/locales/pages/es.json';
import fr from '@tidemark/i18n/locales/pages/fr.json';
import ft from '@tidemark/i18n/locales/pages/ft.json';
import hd from '@tidemark/i18n/locales/pages/hd.json';
import jp from '@tidemark/i18n/locales/pages/jp.json';
import kr from '@tidemark/i18n/locales/pages/kr.json';
import vn from '@tidemark/i18n/locales/pages/vn.json';
import zh from '@tidemark/i18n/locales/pages/zh.json';

/**
 * The 11-article coin-lending agreement (SPEC.md section 9) lives in the language packs
 * (packages/i18n, section loanProtocol), where the protocol page shows it. Its version is the
 * sha256 of every language's title, introduction and articles, in LANGUAGE_CODES order: any change
 * to any article in any language is a new version, and each application stores the one accepted.
 */

type Protocol = Record<string, string>;
const PACKS: Record<LanguageCode, { loanProtocol: Protocol }> = {
  zh,
  en,
  ft,
  jp,
  de,
  kr,
  fr,
  es,
  ar,
  hd,
  vn,
} as unknown as Record<LanguageCode, { loanProtocol: Protocol }>;

export const AGREEMENT_ARTICLES = 11;

/** The keys that make up the agreement (labels such as "accept" are not part of it). */
export function agreementKeys(): string[] {
  const keys = ['title', 'intro'];
  for (let i = 1; i <= AGREEMENT_ARTICLES; i += 1) keys.push(`a${i}t`, `a${i}b`);
  return keys;
}

function computeVersion(): string {
  const hash = createHash('sha256');
  for (const code of LANGUAGE_CODES) {
    const protocol = PACKS[code].loanProtocol;
    for (const key of agreementKeys()) {
      const text = protocol[key];
      if (typeof text !== 'string' || text.trim() === '')
        throw new Error(`loan agreement: ${code} has no ${key}`);
      hash.update(`${code}.${key}\u0000${text}\u0000`);
    }
  }
  return hash.digest('hex');
}

export const AGREEMENT_VERSION = computeVersion();
