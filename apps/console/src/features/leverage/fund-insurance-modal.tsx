import { leverageConsoleCalls, QUOTE_CURRENCY } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { FundAccountModal } from '../../ui/fund-account-modal';
import { useFundInsurance } from './leverage-api';
import type { LeverageBook } from './leverage-types';

/** Moves USDT from a book's treasury to its insurance fund: one ledger transfer, audited. */
export function FundInsuranceModal({
  book,
  onClose,
}: {
  book: LeverageBook | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <FundAccountModal
      target={book}
      texts={{
        title: book ? t('console.leverage.fundTitle', { book: t(`console.books.${book}`) }) : '',
        ok: t('console.leverage.fund'),
        hint: t('console.leverage.fundHint'),
        done: t('console.leverage.funded'),
      }}
      amountSchema={leverageConsoleCalls.fundInsurance.input.shape.amount}
      suffix={QUOTE_CURRENCY}
      mutation={useFundInsurance()}
      input={(target, { amount }) => ({ book: target, amount })}
      onClose={onClose}
    />
  );
}
