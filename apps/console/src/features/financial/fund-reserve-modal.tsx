import { financialConsoleCalls, QUOTE_CURRENCY, type AccountMode } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { FundAccountModal } from '../../ui/fund-account-modal';
import { useFundYieldReserve } from './financial-api';

/** Moves USDT from a book's treasury to its yield reserve: one ledger transfer, audited. */
export function FundReserveModal({ book, onClose }: { book: AccountMode | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <FundAccountModal
      target={book}
      texts={{
        title: book ? t('console.financial.fundTitle', { book: t(`console.books.${book}`) }) : '',
        ok: t('console.financial.fund'),
        hint: t('console.financial.fundHint'),
        done: t('console.financial.funded'),
      }}
      amountSchema={financialConsoleCalls.fundYieldReserve.input.shape.amount}
      suffix={QUOTE_CURRENCY}
      mutation={useFundYieldReserve()}
      input={(target, { amount }) => ({ book: target, amount })}
      onClose={onClose}
    />
  );
}
