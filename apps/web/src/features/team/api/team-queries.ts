import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { teamCalls } from '@tidemark/contract';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { useSession } from '../../../api/session';
import { TEAM_STALE, teamKeys } from './team-keys';

const PAGE_SIZE = 20;

/** Code, link, counts, earnings in `currency` and the rules. */
export function usePersonAndProfit(currency: string) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: teamKeys.person(token, currency),
    queryFn: () => request(teamCalls.personAndProfit, { currency }, { quiet: true }),
    enabled: token !== null,
    staleTime: TEAM_STALE,
  });
}

/** The referral records, newest first, page by page. */
export function useReferralRecords() {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: teamKeys.records(token),
    queryFn: ({ pageParam }) =>
      request(teamCalls.subReceivePage, { page: pageParam, pageSize: PAGE_SIZE }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: token !== null,
    staleTime: TEAM_STALE,
  });
}

/** Direct friends (level 1), newest first, page by page. */
export function useDirectFriends() {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: teamKeys.friends(token),
    queryFn: ({ pageParam }) =>
      request(teamCalls.subP1User, { page: pageParam, pageSize: PAGE_SIZE }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: token !== null,
    staleTime: TEAM_STALE,
  });
}

/** The platform's latest real releases, anonymised. */
export function useRecentReleases() {
  return useQuery({
    queryKey: teamKeys.recent(),
    queryFn: () => request(teamCalls.randomAmount, {}, { quiet: true }),
    staleTime: TEAM_STALE,
  });
}
