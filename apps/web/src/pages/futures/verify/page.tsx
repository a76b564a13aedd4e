import { SYMBOL_PATTERN, type SettlementRecord } from '@tidemark/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { recordDateFormat } from '../../../features/assets/date-format';
import { ChainSummary } from '../../../features/options/verify/components/chain-summary';
import { RecordDetail } from '../../../features/options/verify/components/record-detail';
import { RecordItem } from '../../../features/options/verify/components/record-item';
import { useOptionTerms } from '../../../features/options/api/options-queries';
import {
  useChainReport,
  useSettlement,
  useSettlementPages,
} from '../../../features/options/verify/public-queries';
import '../../../features/options/options.css';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { ItemErrorView } from '../../../ui/item-error-view';
import { currentLanguage } from '../../../ui/i18n';
import { ListFooter } from '../../../ui/list-footer';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { serverNow } from '../../../api/server-clock';
import { OPTIONS_INDEX_PATH } from '../../../features/options/paths';

const RANGES = { all: 0, day: 86_400_000, week: 7 * 86_400_000 } as const;
type Range = keyof typeof RANGES;

/**
 * ?symbol=BTC/USDT&range=day&from=<ms>, or ?seq=N for one record. The window's start is fixed when
 * it is picked (and kept in the link), so the list does not shift while it is read.
 */
function useView() {
  const [params, setParams] = useSearchParams();
  const asked = (params.get('symbol') ?? '').toUpperCase();
  const symbol = SYMBOL_PATTERN.test(asked) ? asked : undefined;
  const rangeParam = params.get('range');
  const fromParam = Number(params.get('from'));
  const hasFrom = Number.isSafeInteger(fromParam) && fromParam > 0;
  const range: Range =
    (rangeParam === 'day' || rangeParam === 'week') && hasFrom ? rangeParam : 'all';
  const from = range === 'all' ? undefined : fromParam;
  const seqParam = Number(params.get('seq'));
  const seq = Number.isSafeInteger(seqParam) && seqParam > 0 ? seqParam : undefined;
  /** Called from click handlers only: a new range starts now, by the server's clock (expiries are). */
  const show = (next: { symbol?: string | undefined; range?: Range; seq?: number }) => {
    const query: Record<string, string> = {};
    const s = 'symbol' in next ? next.symbol : symbol;
    if (s) query.symbol = s;
    const r = next.range ?? range;
    if (r !== 'all') {
      query.range = r;
      query.from = String(next.range ? serverNow() - RANGES[r] : from);
    }
    if (next.seq) query.seq = String(next.seq);
    setParams(query, { replace: !next.seq });
  };
  return { symbol, range, from, seq, show };
}

function OneRecord({ seq, dateFormat }: { seq: number; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const detail = useSettlement(seq);
  // The record before it, to check the link too (the first one links to 64 zeros).
  const before = useSettlement(seq > 1 ? seq - 1 : undefined);
  const records = useMemo(() => {
    if (!detail.data) return undefined;
    if (seq > 1 && !before.data && !before.isError) return undefined;
    return before.data ? [before.data.record, detail.data.record] : [detail.data.record];
  }, [detail.data, before.data, before.isError, seq]);
  const report = useChainReport(records);
  if (detail.isError) {
    return (
      <ItemErrorView
        notFound={t('optionsPublic.verify.notFound')}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  if (!detail.data) return <LoadingView />;
  return (
    <RecordDetail
      record={detail.data.record}
      ticks={detail.data.ticks}
      check={report?.checked.find((c) => c.seq === seq) ?? null}
      dateFormat={dateFormat}
    />
  );
}

/**
 * The public settlement record (pages/futures/verify, no login): the browser recomputes every
 * loaded record's hash, link and outcome and says "verified" or names the first broken record.
 */
export default function SettlementVerifyPage() {
  const { t } = useTranslation();
  const { symbol, range, from, seq, show } = useView();
  const language = currentLanguage();
  const dateFormat = useMemo(() => recordDateFormat(language), [language]);
  const filter = { ...(symbol ? { symbol } : {}), ...(from !== undefined ? { from } : {}) };
  const terms = useOptionTerms();
  const pages = useSettlementPages(filter);
  const records = useMemo<SettlementRecord[] | undefined>(
    () => pages.data?.pages.flatMap((p) => p.list),
    [pages.data],
  );
  const report = useChainReport(records);
  const holds = useMemo(
    () => new Map(report?.checked.map((c) => [c.seq, c.problems.length === 0]) ?? []),
    [report],
  );

  if (seq !== undefined) {
    return (
      <div className="verify-page">
        <PageHeader
          title={t('optionsPublic.verify.detailTitle', { seq })}
          onBack={() => show({})}
        />
        <OneRecord seq={seq} dateFormat={dateFormat} />
      </div>
    );
  }

  let body;
  if (records) {
    body =
      records.length === 0 ? (
        <EmptyData text={t('optionsPublic.verify.empty')} />
      ) : (
        <>
          <ChainSummary report={report} hasMore={pages.hasNextPage} />
          <ul className="verify-records" data-testid="record-list">
            {records.map((record) => (
              <RecordItem
                key={record.seq}
                record={record}
                holds={holds.get(record.seq)}
                dateFormat={dateFormat}
                onOpen={(n) => show({ seq: n })}
              />
            ))}
          </ul>
          <ListFooter
            fetchNextPage={pages.fetchNextPage}
            hasMore={pages.hasNextPage}
            failedText={t('optionsPublic.verify.loadFailed')}
          />
        </>
      );
  } else if (pages.isError) {
    body = (
      <ErrorView
        title={t('optionsPublic.verify.loadFailed')}
        onRetry={() => void pages.refetch()}
      />
    );
  } else {
    body = <LoadingView />;
  }

  const symbols = terms.data?.products.map((p) => p.symbol) ?? [];
  return (
    <div className="verify-page">
      <PageHeader title={t('optionsPublic.verify.title')} fallback={OPTIONS_INDEX_PATH} />
      <p className="verify-intro muted">{t('optionsPublic.verify.intro')}</p>
      <div className="verify-chips" role="group" aria-label={t('optionsPublic.verify.pair')}>
        {[undefined, ...symbols].map((s) => (
          <button
            key={s ?? 'all'}
            type="button"
            className="choice-chip"
            aria-pressed={s === symbol}
            onClick={() => show({ symbol: s })}
          >
            {s ? <span className="num">{s}</span> : t('optionsPublic.verify.allPairs')}
          </button>
        ))}
      </div>
      <div className="verify-chips" role="group" aria-label={t('optionsPublic.verify.period')}>
        {(Object.keys(RANGES) as Range[]).map((r) => (
          <button
            key={r}
            type="button"
            className="choice-chip"
            aria-pressed={r === range}
            onClick={() => show({ range: r })}
          >
            {t(`optionsPublic.verify.range.${r}`)}
          </button>
        ))}
      </div>
      {body}
    </div>
  );
}
