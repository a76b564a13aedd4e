import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { optionsCalls, type SettlementRecord } from '@tidemark/contract';
import { useEffect, useState } from 'react';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { verifyChain, type ChainReport } from './chain';

/** Which settlements the verify page lists: one symbol or all, expiries from a time on or all. */
export interface SettlementFilter {
  symbol?: string;
  /** Expiry (ms) from which records are listed. */
  from?: number;
}

/** Query keys of the public option data: terms, periods and the settlement record. */
export const optionsPublicKeys = {
  all: ['optionsPublic'] as const,
  terms: () => ['optionsPublic', 'terms'] as const,
  periods: (symbol: string) => ['optionsPublic', 'periods', symbol] as const,
  settlements: (filter: SettlementFilter) =>
    ['optionsPublic', 'settlements', filter.symbol ?? 'all', filter.from ?? 0] as const,
  settlement: (seq: number) => ['optionsPublic', 'settlement', seq] as const,
};

/** Terms change only when an operator edits them; a settled record never changes. */
const STALE = { terms: 5 * 60_000, settlements: 15_000, record: Infinity } as const;

/** The largest page the settlements call serves: fewer round trips for the whole chain. */
export const SETTLEMENTS_PAGE_SIZE = 100;

export function useOptionTerms() {
  return useQuery({
    queryKey: optionsPublicKeys.terms(),
    queryFn: () => request(optionsCalls.findOptionTerms, {}, { quiet: true }),
    staleTime: STALE.terms,
  });
}

/** The periods of every symbol given, each with its terms for orders placed now. */
export function useProductPeriods(symbols: readonly string[]) {
  return useQueries({
    queries: symbols.map((symbol) => ({
      queryKey: optionsPublicKeys.periods(symbol),
      queryFn: () => request(optionsCalls.findH5ProductPeriodsPage, { symbol }, { quiet: true }),
      staleTime: STALE.terms,
    })),
  });
}

/** The public record, newest first, a page of 100 at a time. */
export function useSettlementPages(filter: SettlementFilter) {
  return useInfiniteQuery({
    queryKey: optionsPublicKeys.settlements(filter),
    queryFn: ({ pageParam }) =>
      request(
        optionsCalls.findSettlements,
        {
          page: pageParam,
          pageSize: SETTLEMENTS_PAGE_SIZE,
          ...(filter.symbol ? { symbol: filter.symbol } : {}),
          ...(filter.from !== undefined ? { from: filter.from } : {}),
        },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: STALE.settlements,
  });
}

/** One record with the logged ticks around its strike and its settlement. */
export function useSettlement(seq: number | undefined) {
  return useQuery({
    queryKey: optionsPublicKeys.settlement(seq ?? 0),
    queryFn: () => request(optionsCalls.findSettlement, { seq: seq! }, { quiet: true }),
    enabled: seq !== undefined,
    staleTime: STALE.record,
  });
}

/**
 * The browser's own check of the records loaded so far; null while it computes. Recomputed when
 * more records arrive (a page of 100 hashes in a few milliseconds).
 */
export function useChainReport(records: readonly SettlementRecord[] | undefined) {
  const [report, setReport] = useState<{ of: readonly SettlementRecord[]; report: ChainReport }>();
  useEffect(() => {
    if (!records) return;
    let live = true;
    void verifyChain(records).then((next) => {
      if (live) setReport({ of: records, report: next });
    });
    return () => {
      live = false;
    };
  }, [records]);
  return report && report.of === records ? report.report : null;
}
