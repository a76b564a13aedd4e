import { ACCOUNT_MODES, CONTENT_KINDS } from '@tidemark/contract';
import { i18next } from '../../ui/i18n';
import { formatPhone } from '../../ui/format';
import type { AuditEntry } from '../../api/types';

type Entry = Pick<
  AuditEntry,
  'targetType' | 'targetId' | 'before' | 'after' | 'operatorId' | 'operatorUsername'
>;

const t = (key: string, params?: Record<string, unknown>): string => i18next.t(key, params);

/** A field of the record as the action left it, or as it was (a deletion has only a before). */
function field(entry: Entry, name: string): unknown {
  for (const side of [entry.after, entry.before]) {
    if (side !== null && typeof side === 'object' && !Array.isArray(side)) {
      const value = (side as Record<string, unknown>)[name];
      if (value !== undefined && value !== null && value !== '') return value;
    }
  }
  return undefined;
}

function text(entry: Entry, name: string): string | undefined {
  const value = field(entry, name);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** A content page's title in the operator's language, else in English, else the first one. */
function contentTitle(entry: Entry): string | undefined {
  const texts = field(entry, 'texts');
  if (!Array.isArray(texts)) return undefined;
  const titles = texts.filter(
    (x): x is { lang: string; title: string } =>
      typeof x === 'object' && x !== null && typeof (x as { title?: unknown }).title === 'string',
  );
  const lang = i18next.language;
  return (titles.find((x) => x.lang === lang) ?? titles.find((x) => x.lang === 'en') ?? titles[0])
    ?.title;
}

/** The parts that are there, joined as the console joins terms ("USDT · TRC20"). */
const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' · ');

const oneOf = (list: readonly string[], value: string) => list.includes(value);
const book = (code: string) => (oneOf(ACCOUNT_MODES, code) ? t(`console.books.${code}`) : code);

/**
 * What an audit entry is about, as an operator names it ("Options period BTC/USDT · 60 sec", a
 * trader's email), read from the entry's own before and after; the stored target type and id
 * ("option", "period:7") stay what the filters take and what the page shows on hover.
 */
export function auditTargetLabel(entry: Entry): string {
  const { targetType: type, targetId: id } = entry;
  const name = t(`console.audit.targets.${type}`, { defaultValue: type });
  const fallback = `${name} #${id}`;
  // A module names the parts of itself "<what>:<which>" ("period:7", "pool:demo", "tier:gold").
  const colon = id.indexOf(':');
  const prefix = colon < 0 ? '' : id.slice(0, colon);
  const rest = id.slice(colon + 1);
  const currency = text(entry, 'currency');

  switch (type) {
    case 'user': {
      const phone = text(entry, 'phone');
      return (
        text(entry, 'email') ??
        (phone ? formatPhone(text(entry, 'areaCode') ?? null, phone) : fallback)
      );
    }
    case 'operator': {
      const username =
        text(entry, 'username') ??
        (entry.operatorId !== null && String(entry.operatorId) === id
          ? (entry.operatorUsername ?? undefined)
          : undefined);
      return username ? join(name, username) : fallback;
    }
    case 'chain':
      return currency ? join(name, currency, text(entry, 'chain')) : fallback;
    case 'setting':
      if (id === 'withdrawal') return t('console.chains.thresholdTitle');
      if (id === 'serviceUrl') return t('console.support.desk');
      return fallback;
    case 'ledger':
      return id === 'platform' ? join(name, t('console.audit.labels.platform')) : fallback;
    case 'option': {
      if (prefix === 'period') {
        const symbol = text(entry, 'symbol');
        const seconds = text(entry, 'seconds');
        return symbol && seconds
          ? t('console.audit.labels.optionPeriod', {
              symbol,
              period: t('console.options.secondsValue', { seconds }),
            })
          : fallback;
      }
      if (prefix === 'pool') return t('console.options.poolTitle', { book: book(rest) });
      if (id === 'restricted-countries') return join(name, t('console.options.restrictedTitle'));
      return prefix ? fallback : join(name, id);
    }
    case 'leverage':
      if (id === 'terms') return join(name, t('console.leverage.contractTerms'));
      if (prefix === 'tier') {
        return join(
          t('console.leverage.tiers'),
          t(`account.tiers.${rest}`, { defaultValue: rest }),
        );
      }
      if (prefix === 'insurance-fund') return t('console.leverage.fundCard', { book: book(rest) });
      return fallback;
    case 'team':
      if (id === 'terms') return join(name, t('console.team.tabs.terms'));
      if (prefix === 'budget') return join(t('console.team.tabs.budget'), rest);
      return fallback;
    case 'financial':
      if (prefix === 'product') return join(name, text(entry, 'name') ?? `#${rest}`);
      if (prefix === 'reserve') return t('console.financial.reserveTitle', { book: book(rest) });
      return fallback;
    case 'loan':
      if (prefix === 'product') {
        return join(t('console.loans.editTitle', { id: rest }), currency);
      }
      if (prefix === 'fund') return join(t('console.loans.tabs.fund'), rest);
      return fallback;
    case 'content':
      if (prefix === 'banner') {
        return join(t('console.content.tabs.banners'), text(entry, 'title') ?? `#${rest}`);
      }
      if (oneOf(CONTENT_KINDS, prefix)) {
        return join(t(`console.content.tabs.${prefix}`), contentTitle(entry) ?? `#${rest}`);
      }
      if (id === 'media') return join(name, t('console.content.image'));
      return fallback;
    case 'siteMail': {
      const to =
        prefix === 'user'
          ? `${t('console.content.audiences.user')} #${rest}`
          : t(`console.content.audiences.${id}`, { defaultValue: id });
      return join(name, text(entry, 'title'), to);
    }
    case 'cannedReply':
      return join(name, text(entry, 'title') ?? `#${id}`);
    default:
      return fallback;
  }
}
