import {
  displayPlaces,
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
import { ApiError } from '../../../api/client';
import { useSubmit } from '../../../api/use-submit';
import { validateForm } from '../../../api/validate';
import { finishAmount } from '../../../features/assets/amounts';
import { recordDateFormat } from '../../../features/assets/date-format';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import { useApplyLoan, type ApplyLoanInput } from '../../../features/loan/api/loan-mutations';
import {
  useCreditScore,
  useLoanProducts,
  useLoanRecords,
} from '../../../features/loan/api/loan-queries';
import { ProductCard } from '../../../features/loan/components/product-card';
import { ScoreCard } from '../../../features/loan/components/score-card';
import { applicationProblem, percentText, plainAmount } from '../../../features/loan/loan-format';
import '../../../features/loan/loan.css';
import { LOAN_PATHS } from '../../../features/loan/paths';
import { AmountField } from '../../../ui/amount-field';
import { formatExactText } from '../../../ui/amount-format';
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
  const records = useLoanRecords();
  const [chosen, setChosen] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [images, setImages] = useState<Images>({});
  const [accepted, setAccepted] = useState(false);
  const [keys] = useState(createKeyKeeper);
  const apply = useApplyLoan();

  const list = products.data?.list ?? [];
  const product = list.find((p) => p.id === chosen) ?? list[0];
  const picked = LOAN_IMAGE_KINDS.filter((kind) => images[kind]);
  // What keeps this application out, said as soon as it is known (the server checks it again).
  const problem = product
    ? applicationProblem(
        product,
        { score: score.data?.score, records: records.data?.pages[0]?.list },
        amount,
      )
    : null;
  const problemText =
    problem?.kind === 'open'
      ? t('loan.problemOpen')
      : problem?.kind === 'score'
        ? t('loan.problemScore', { score: problem.score, min: problem.min })
        : problem?.kind === 'range'
          ? t('loan.problemRange', {
              min: plainAmount(problem.min),
              max: plainAmount(problem.max),
            })
          : null;

  // The application as checked, shown in a sheet with what it will cost before it is filed.
  const [review, setReview] = useState<{ input: ApplyLoanInput; product: LoanProduct } | null>(
    null,
  );

  const [checking, check] = useSubmit(async () => {
    if (!product || problem) return;
    const values = {
      productId: product.id,
      amount: finishAmount(amount),
      // The terms the sheet will state: changed meanwhile, the server refuses the application.
      cycleDays: product.cycleDays,
      dailyRate: product.dailyRate,
      overdueRate: product.overdueRate,
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
    let record;
    try {
      record = await keys.send(fingerprint, (idempotencyKey) =>
        apply.mutateAsync({ input, idempotencyKey }),
      );
    } catch (error) {
      // The product changed while the sheet was open: show its new terms, to be confirmed again.
      if (error instanceof ApiError && error.code === 'loanTermsChanged') {
        setReview(null);
        void products.refetch();
      }
      throw error;
    }
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
          decimals={displayPlaces(product.currency)}
          placeholder={t('loan.amountPlaceholder', {
            min: plainAmount(product.minAmount),
            max: plainAmount(product.maxAmount),
          })}
          currency={product.currency}
        />

        {problemText ? (
          <p className="loan-problem" role="alert" data-field="problem">
            {problemText}
          </p>
        ) : null}

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
          <Button
            block
            color="primary"
            size="large"
            loading={checking}
            disabled={problem !== null}
            onClick={() => check()}
          >
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
  // Whole figures, never cut: the sheet states what will be owed.
  const money = (units: bigint) => formatExactText(formatMoney(units), product.currency);
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
