import List from 'antd-mobile/es/components/list';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyData } from '../../../ui/empty-data';

export interface CurrencyChoice {
  currency: string;
  /** The chains it can be used on, shown under its name. */
  chains: readonly string[];
}

interface CurrencyListProps {
  choices: readonly CurrencyChoice[];
  current: string | null;
  onPick: (currency: string) => void;
  renderIcon: (currency: string) => ReactNode;
}

/** Currencies to choose from (deposit/tokenList, Withdrawal/tokenList), searchable by code. */
export function CurrencyList({ choices, current, onPick, renderIcon }: CurrencyListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const query = search.trim().toUpperCase();
  const shown = query ? choices.filter((c) => c.currency.includes(query)) : choices;
  return (
    <div className="currency-list">
      <div className="currency-list__search">
        <SearchBar
          placeholder={t('deposit.tokens.search')}
          value={search}
          onChange={setSearch}
          aria-label={t('deposit.tokens.search')}
        />
      </div>
      {shown.length === 0 ? (
        <EmptyData text={t('deposit.tokens.none')} />
      ) : (
        <List mode="card" className="currency-list__items">
          {shown.map((choice) => (
            <List.Item
              key={choice.currency}
              prefix={renderIcon(choice.currency)}
              description={choice.chains.join(' · ')}
              arrowIcon={<RightOutline className="flip-rtl" />}
              extra={
                choice.currency === current ? (
                  <span className="chip">{t('deposit.tokens.current')}</span>
                ) : undefined
              }
              onClick={() => onPick(choice.currency)}
              data-currency={choice.currency}
            >
              {choice.currency}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
