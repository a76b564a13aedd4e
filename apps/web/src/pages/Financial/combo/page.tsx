import Button from 'antd-mobile/es/components/button';
import { formatMoney, orderSchedule, type MoneyProduct } from '@tidemark/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { serverNow } from '../../../api/server-clock';
import { useSubmit } from '../../../api/use-submit';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { useUserMoney } from '../../../features/assets/api/assets-queries';
import { BookChip } from '../../../features/assets/components/book-chip';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import { useBuyMoneyProduct } from '../../../features/financial/api/financial-mutations';
import { useMoneyProducts } from '../../../features/financial/api/financial-queries';
import { ProductCard } from '../../../features/financial/components/product-card';
import '../../../features/financial/financial.css';
import {
  allAmount,
  AMOUNT_DECIMALS,
  amountProblem,
  percent,
  purchaseTime,
  quote,
  shownTerms,
} from '../../../features/financial/financial-math';
import { useRecordDate } from '../../../features/financial/hooks';
import { FINANCIAL_INDEX_PATH, successPath } from '../../../features/financial/paths';
import { AmountField } from '../../../ui/amount-field';
import { formatAmount, formatExactText, formatMoneyText } from '../../../ui/amount-format';
import { ConfirmSheet, SheetFigure } from '../../../ui/confirm-sheet';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { Terms } from '../../../features/financial/components/terms';
import { transferLink } from '../../../features/assets/wallets';

const USDT = 'USDT';

/** The financial account's funds come from the coin account; then back here. */
const toFinancial = transferLink('coin', 'cft');

/**
 * Subscribing to one package (pages/Financial/combo?id=): its terms, an amount from the cft
 * wallet, the expected income computed exactly before confirming (the contract's rule, the one
 * the server pays with), when the principal returns, and the early-redemption terms.
 */
export default function FinancialComboPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const mode = useUserInfo().data?.mode;
  const products = useMoneyProducts(mode, 'all');
  const product = products.data?.list.find((p) => p.id === id);

  let body;
  if (product) body = <Combo product={product} mode={mode} />;
  else if (products.data) body = <EmptyData text={t('financial.noProducts')} />;
  else if (products.isError)
    body = <ErrorView title={t('financial.loadFailed')} onRetry={() => void products.refetch()} />;
  else body = <LoadingView />;

  return (
    <div className="fin-page">
      <PageHeader
        title={t('financial.combo.title')}
        fallback={FINANCIAL_INDEX_PATH}
        right={mode ? <BookChip mode={mode} /> : null}
      />
      {body}
    </div>
  );
}

function Combo({ product, mode }: { product: MoneyProduct; mode: 'demo' | 'real' | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const date = useRecordDate();
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [keys] = useState(createKeyKeeper);
  const money = useUserMoney(mode);
  const available = money.data?.wallets.cft.find((w) => w.currency === USDT)?.available;
  const buy = useBuyMoneyProduct();
  const q = quote(product, amount);
  const problem = q ? amountProblem(product, q.amount, available) : null;
  const schedule = orderSchedule(
    purchaseTime(product, serverNow()),
    product.days,
    product.dividendTime,
    product.timeZone,
  );
  const all = allAmount(product, available);
  // Figures the trader confirms are shown whole (never cut), so that the lines add up to what moves.
  const exact = (decimal: string) => formatExactText(decimal, USDT);

  const [busy, submit] = useSubmit(async () => {
    if (!q) return;
    // The terms the sheet states go with the order: changed meanwhile, the server refuses it and
    // the products are fetched again (the mutation refreshes them), so the page shows the new ones.
    const input = { productId: product.id, amount, ...shownTerms(product) };
    try {
      const order = await keys.send(
        JSON.stringify([mode, input]),
        (idempotencyKey) => buy.mutateAsync({ input, idempotencyKey }),
        () => setConfirming(false),
      );
      navigate(successPath(order.id), { replace: true });
    } catch (error) {
      if (error instanceof ApiError) setConfirming(false);
      throw error;
    }
  });

  const problemText =
    problem === 'belowMin' || problem === 'aboveMax'
      ? t('financial.combo.range', {
          min: formatMoneyText(product.minAmount, USDT),
          max: formatMoneyText(product.maxAmount, USDT),
        })
      : problem === 'aboveRemaining'
        ? t('financial.combo.aboveRemaining', {
            remaining: formatMoneyText(product.remaining, USDT),
          })
        : problem === 'aboveBalance'
          ? t('financial.combo.aboveBalance')
          : null;
  // Why the button is disabled when the package itself is the reason.
  const saleText =
    product.status === 'upcoming' && product.saleStart !== null
      ? t('financial.combo.notStarted', { date: date(product.saleStart) })
      : product.status !== 'selling'
        ? t('financial.combo.unavailable', { status: t(`financial.status.${product.status}`) })
        : null;

  return (
    <>
      <ProductCard product={product} action={false} />
      <section className="fin-card">
        <AmountField
          label={t('financial.combo.amount')}
          value={amount}
          onChange={setAmount}
          decimals={AMOUNT_DECIMALS}
          placeholder={t('financial.combo.placeholder', {
            min: formatAmount(product.minAmount, USDT),
            max: formatAmount(product.maxAmount, USDT),
          })}
          currency={USDT}
        >
          <button
            type="button"
            className="text-button transfer-amount__all"
            disabled={all === null}
            onClick={() => all !== null && setAmount(all)}
          >
            {t('financial.combo.all')}
          </button>
        </AmountField>
        <p className="fin-note" data-field="available">
          {t('financial.combo.available', {
            amount: available ? formatMoneyText(available, USDT) : '…',
          })}{' '}
          <button
            type="button"
            className="text-button"
            onClick={() => navigate(toFinancial.path, { state: toFinancial.state })}
          >
            {t('financial.combo.transfer')}
          </button>
        </p>
        {saleText ? (
          <p className="fin-problem" role="status" data-field="sale">
            {saleText}
          </p>
        ) : null}
        {problemText ? (
          <p className="fin-problem" role="alert">
            {problemText}
          </p>
        ) : null}
        <Terms
          wide
          rows={[
            [t('financial.combo.income'), q ? exact(q.income) : '—', 'income'],
            [t('financial.combo.total'), q ? exact(q.total) : '—', 'total'],
            [t('financial.combo.firstDividend'), date(schedule.interestRun(1))],
            [t('financial.combo.principalBack'), date(schedule.principalRun)],
          ]}
        />
        <p className="fin-note" data-field="early-terms">
          {product.lock
            ? t('financial.combo.lockedTerms')
            : q
              ? t('financial.combo.earlyTerms', {
                  rate: percent(product.penaltyRate),
                  penalty: exact(q.penalty),
                  principal: exact(q.earlyPrincipal),
                })
              : t('financial.combo.earlyRate', { rate: percent(product.penaltyRate) })}
        </p>
        <p className="fin-note">{t('financial.reserveNote')}</p>
        <Button
          color="primary"
          block
          size="large"
          disabled={!q || problem !== null || product.status !== 'selling'}
          onClick={() => setConfirming(true)}
        >
          {t('financial.product.subscribe')}
        </Button>
      </section>
      {confirming && q ? (
        <ConfirmSheet
          title={t('financial.combo.confirmTitle')}
          tone="buy"
          busy={busy}
          confirmLabel={t('financial.combo.confirm')}
          onConfirm={() => void submit()}
          onClose={() => setConfirming(false)}
          rows={
            <>
              <SheetFigure label={t('financial.order.amount')} field="amount">
                {exact(formatMoney(q.amount))}
              </SheetFigure>
              <SheetFigure label={t('financial.product.period')} field="days">
                {t('financial.product.days', { days: product.days })}
              </SheetFigure>
              <SheetFigure label={t('financial.combo.income')} field="income">
                {exact(q.income)}
              </SheetFigure>
              <SheetFigure label={t('financial.combo.principalBack')} field="principal-at">
                {date(schedule.principalRun)}
              </SheetFigure>
            </>
          }
        >
          <p className="fin-note">
            {product.lock
              ? t('financial.combo.lockedTerms')
              : t('financial.combo.earlyTerms', {
                  rate: percent(product.penaltyRate),
                  penalty: exact(q.penalty),
                  principal: exact(q.earlyPrincipal),
                })}
          </p>
        </ConfirmSheet>
      ) : null}
    </>
  );
}
