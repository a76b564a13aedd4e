import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  teamConsoleCalls,
  type ConsoleCallInput,
  type ConsoleCallOutput,
} from '@tidemark/contract';
import { useCallMutation } from '../../api/call-hooks';
import { request } from '../../api/client';

export type TeamTermsView = ConsoleCallOutput<typeof teamConsoleCalls.teamTermsConsole>;
export type TeamBudgetView = ConsoleCallOutput<typeof teamConsoleCalls.teamBudget>;
export type TeamRebateFilter = ConsoleCallInput<typeof teamConsoleCalls.teamRebates>;
export type TeamRebateRecord = ConsoleCallOutput<
  typeof teamConsoleCalls.teamRebates
>['list'][number];
export type TeamTreeView = ConsoleCallOutput<typeof teamConsoleCalls.teamTree>;

export const teamKeys = {
  all: ['team'] as const,
  terms: () => [...teamKeys.all, 'terms'] as const,
  budget: () => [...teamKeys.all, 'budget'] as const,
  rebates: (filter: TeamRebateFilter) => [...teamKeys.all, 'rebates', filter] as const,
  tree: (user: string) => [...teamKeys.all, 'tree', user] as const,
};

export function useTeamTerms() {
  return useQuery({
    queryKey: teamKeys.terms(),
    queryFn: () => request(teamConsoleCalls.teamTermsConsole, {}),
  });
}

/** Pending obligations move with every deposit and release: fresh for a short while only. */
export function useTeamBudget() {
  return useQuery({
    queryKey: teamKeys.budget(),
    queryFn: () => request(teamConsoleCalls.teamBudget, {}),
    staleTime: 5_000,
    refetchInterval: 30_000,
  });
}

export function useTeamRebates(filter: TeamRebateFilter) {
  return useQuery({
    queryKey: teamKeys.rebates(filter),
    queryFn: () => request(teamConsoleCalls.teamRebates, filter),
    placeholderData: keepPreviousData,
  });
}

export function useTeamTree(user: string) {
  return useQuery({
    queryKey: teamKeys.tree(user),
    queryFn: () => request(teamConsoleCalls.teamTree, { user }),
    enabled: user.trim() !== '',
  });
}

/** A change of terms or a funding shows in the budget, the ledger and the audit log. */
const CHANGES = [teamKeys.all, ['audit']];

export function useSetTeamTerms() {
  return useCallMutation(teamConsoleCalls.setTeamTerms, CHANGES);
}

export function useFundTeamBudget() {
  return useCallMutation(teamConsoleCalls.fundTeamBudget, CHANGES);
}
