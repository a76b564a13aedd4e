import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { optionsCalls, type SettlementRecord } from '@tidemark/contract';
import { useEffect, useState } from 'react';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { OPTIONS_STALE, optionsKeys, type SettlementFilter } from '../api/options-keys';
import { verifyChain, type ChainReport } from './chain';

/** The largest page the settlements call serves: fewer round trips for the whole chain. */
const SETTLEMENTS_PAGE_SIZE = 100;

/** The public record, newest first, a page of 100 at a time. */
export function useSettlementPages(filter: SettlementFilter) {
  return useInfiniteQuery({
    queryKey: optionsKeys.settlements(filter),
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
    staleTime: OPTIONS_STALE.settlements,
  });
}

/** One record with the logged ticks around its strike and its settlement. */
export function useSettlement(seq: number | undefined) {
  return useQuery({
    queryKey: optionsKeys.settlement(seq ?? 0),
    queryFn: () => request(optionsCalls.findSettlement, { seq: seq! }, { quiet: true }),
    enabled: seq !== undefined,
    staleTime: OPTIONS_STALE.record,
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
