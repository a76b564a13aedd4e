import {
  formatMoney,
  LOAN_IMAGE_KINDS,
  LOAN_MIN_IMAGES,
  loanCalls,
  loanInterest,
  parseMoney,
  type LoanImageKind,
  type LoanProduct,
} from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSubmit } from '../../../api/use-submit';
import { validateForm } from '../../../api/validate';
import { finishAmount } from '../../../features/assets/amounts';
import { recordDateFormat } from '../../../features/assets/date-format';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import { useApplyLoan, type ApplyLoanInput } from '../../../features/loan/api/loan-mutations';
import { useCreditScore, useLoanProducts } from '../../../features/loan/api/loan-queries';
import { ProductCard } from '../../../features/loan/components/product-card';
import { ScoreCard } from '../../../features/loan/components/score-card';
import { percentText, plainAmount } from '../../../features/loan/loan-format';
import '../../../features/loan/loan.css';
import { LOAN_PATHS } from '../../../features/loan/paths';
import { AmountField } from '../../../ui/amount-field';
import { formatMoneyText } from '../../../ui/amount-format';
import { ConfirmSheet, SheetFigure } from '../../../ui/confirm-sheet';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { ImageUploader, type PickedImage } from '../../../ui/image-uploader';
import { LoadingView } from '../../../ui/loading-view';
import { currentLanguage } from '../../../ui/i18n';
import { PageHeader } from '../../../ui/page-header';

type Images = Partial<Record<LoanImageKind, PickedImage | null>>;

/**
 * pages/loan/index: every product with all its terms, the trader's score and limit, and the
 * application: an amount, at least two of the four images, and the accepted agreement. Real
 * account only; an operator reviews it.
 */
export default function LoanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const dateFormat = useMemo(() => recordDateFormat(language), [language]);
  const products = useLoanProducts();
  const score = useCreditScore();
  const [chosen, setChosen] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [images, setImages] = useState<Images>({});
  const [accepted, setAccepted] = useState(false);
  const [keys] = useState(createKeyKeeper);
  const apply = useApplyLoan();

  const list = products.data?.list ?? [];
  const product = list.find((p) => p.id === chosen) ?? list[0];
  const picked = LOAN_IMAGE_KINDS.filter((kind) => images[kind]);

  // The application as checked, shown in a sheet with what it will cost before it is filed.
  const [review, setReview] = useState<{ input: ApplyLoanInput; product: LoanProduct } | null>(
    null,
  );

  const [checking, check] = useSubmit(async () => {
    if (!product) return;
    const values = {
      productId: product.id,
      amount: finishAmount(amount),
      images: picked.map((kind) => images[kind]!.file),
      imageKinds: picked.join(','),
      agreementAccepted: accepted ? 'true' : '',
    };
    const input = await validateForm(loanCalls.insertLoanCurrencyOrder, values as ApplyLoanInput);
    if (input) setReview({ input, product });
  });

  const [busy, send] = useSubmit(async () => {
    if (!review) return;
    const { input } = review;
    const fingerprint = JSON.stringify([
      input.productId,
      input.amount,
      picked.map((kind) => {
        const f = images[kind]!.file;
        return [kind, f.name, f.size, f.lastModified];
      }),
    ]);
    const record = await keys.send(fingerprint, (idempotencyKey) =>
      apply.mutateAsync({ input, idempotencyKey }),
    );
    navigate(`${LOAN_PATHS.success}?id=${record.id}`, { replace: true, state: { record } });
  });

  let body;
  if (products.isError) {
    body = <ErrorView title={t('errors.networkError')} onRetry={() => void products.refetch()} />;
  } else if (!products.data) {
    body = <LoadingView />;
  } else if (!product) {
    body = <EmptyData text={t('loan.noProducts')} />;
  } else {
    body = (
      <>
        {score.data ? <ScoreCard score={score.data} dateFormat={dateFormat} /> : null}
        <h2 className="loan-heading">{t('loan.products')}</h2>
        <div className="loan-products">
          {list.map((p) => (
            <ProductCard
              key={p.id}
              product={p}
              selected={p.id === product.id}
              reachable={score.data ? score.data.score >= p.minScore : false}
              onSelect={() => setChosen(p.id)}
            />
          ))}
        </div>

        <h2 className="loan-heading">{t('loan.apply')}</h2>
        <AmountField
          label={t('loan.amount')}
          value={amount}
          onChange={setAmount}
          decimals={8}
          placeholder={t('loan.amountPlaceholder', {
            min: plainAmount(product.minAmount),
            max: plainAmount(product.maxAmount),
          })}
          currency={product.currency}
        />

        <h2 className="loan-heading">{t('loan.images')}</h2>
        <p className="loan-hint">{t('loan.imagesHint', { min: LOAN_MIN_IMAGES })}</p>
        <div className="loan-images">
          {LOAN_IMAGE_KINDS.map((kind) => (
            <ImageUploader
              key={kind}
              name={`loan-${kind}`}
              label={t(`loan.imageKind.${kind}`)}
              value={images[kind] ?? null}
              onChange={(image) => setImages((current) => ({ ...current, [kind]: image }))}
            />
          ))}
        </div>

        <div className="loan-agree">
          <Checkbox checked={accepted} onChange={setAccepted} aria-label={t('loanProtocol.accept')}>
            {t('loan.agreePrefix')}
          </Checkbox>{' '}
          <Link to={LOAN_PATHS.protocol}>{t('loanProtocol.title')}</Link>
        </div>

        <div className="form-actions">
          <Button block color="primary" size="large" loading={checking} onClick={() => check()}>
            {t('loan.submit')}
          </Button>
        </div>
        <p className="form-hint">{t('loan.reviewHint')}</p>
      </>
    );
  }

  return (
    <div>
      <PageHeader
        title={t('loan.title')}
        right={
          <Link to={LOAN_PATHS.record} aria-label={t('loan.records')} className="loan-header-link">
            <UnorderedListOutline />
          </Link>
        }
      />
      <div className="page-body loan-page">{body}</div>
      {review ? (
        <ApplicationSheet
          input={review.input}
          product={review.product}
          busy={busy}
          onConfirm={() => void send()}
          onClose={() => setReview(null)}
        />
      ) : null}
    </div>
  );
}

/**
 * The last look before an application is filed: the principal, the cycle, the rates, and the
 * interest and total due at maturity as the server will fix them (the contract's loanInterest).
 */
function ApplicationSheet({
  input,
  product,
  busy,
  onConfirm,
  onClose,
}: {
  input: ApplyLoanInput;
  product: LoanProduct;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const principal = parseMoney(input.amount);
  const interest = loanInterest(principal, parseMoney(product.dailyRate), product.cycleDays);
  const money = (units: bigint) => formatMoneyText(formatMoney(units), product.currency);
  return (
    <ConfirmSheet
      title={t('loan.confirmTitle')}
      tone="buy"
      busy={busy}
      confirmLabel={t('loan.submit')}
      onConfirm={onConfirm}
      onClose={onClose}
      rows={
        <>
          <SheetFigure label={t('loan.amount')} field="amount">
            {money(principal)}
          </SheetFigure>
          <SheetFigure label={t('loan.cycleLabel')} field="cycle">
            {t('loan.cycle', { count: product.cycleDays })}
          </SheetFigure>
          <SheetFigure label={t('loan.dailyRate')} field="daily-rate">
            {percentText(product.dailyRate)}
          </SheetFigure>
          <SheetFigure label={t('loan.interest')} field="interest">
            {money(interest)}
          </SheetFigure>
          <SheetFigure label={t('loan.repayTotal')} field="repay-total">
            {money(principal + interest)}
          </SheetFigure>
          <SheetFigure label={t('loan.overdueRate')} field="overdue-rate">
            {t('loan.perDay', { rate: percentText(product.overdueRate) })}
          </SheetFigure>
        </>
      }
    >
      <p className="order-sheet__note">{t('loan.reviewHint')}</p>
    </ConfirmSheet>
  );
}
