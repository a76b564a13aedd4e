import { optionsConsoleCalls, QUOTE_CURRENCY } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { FundAccountModal } from '../../ui/fund-account-modal';
import { useFundOptionPool } from './options-api';
import type { OptionBook } from './options-types';

/** Moves USDT from a book's treasury to its options pool: one ledger transfer, audited. */
export function FundPoolModal({ book, onClose }: { book: OptionBook | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <FundAccountModal
      target={book}
      texts={{
        title: book ? t('console.options.fundTitle', { book: t(`console.books.${book}`) }) : '',
        ok: t('console.options.fund'),
        hint: t('console.options.fundHint'),
        done: t('console.options.funded'),
      }}
      amountSchema={optionsConsoleCalls.fundOptionPool.input.shape.amount}
      suffix={QUOTE_CURRENCY}
      mutation={useFundOptionPool()}
      input={(target, { amount }) => ({ book: target, amount })}
      onClose={onClose}
    />
  );
}
