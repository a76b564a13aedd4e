import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { leverageConsoleCalls, type ConsoleCallInput } from '@tidemark/contract';
import { useCallMutation } from '../../api/call-hooks';
import { request } from '../../api/client';
import type { LeverageBook, LeveragePositionFilter } from './leverage-types';

export const leverageKeys = {
  all: ['leverage'] as const,
  terms: () => [...leverageKeys.all, 'terms'] as const,
  exposure: () => [...leverageKeys.all, 'exposure'] as const,
  positions: (filter: LeveragePositionFilter) =>
    [...leverageKeys.all, 'positions', filter] as const,
  fund: (book: LeverageBook, page: number) => [...leverageKeys.all, 'fund', book, page] as const,
};

/** Terms and tier thresholds of positions opened now: one short answer, fetched whole. */
export function useLeverageTerms() {
  return useQuery({
    queryKey: leverageKeys.terms(),
    queryFn: () => request(leverageConsoleCalls.listLeverageTerms, {}),
  });
}

/** A change of terms or funding shows in the terms, the exposure, the fund and the audit log. */
const CHANGES = [leverageKeys.all];

export function useSetLeverageTerms() {
  return useCallMutation(leverageConsoleCalls.setLeverageTerms, CHANGES);
}

export function useSetLeverageTier() {
  return useCallMutation(leverageConsoleCalls.setLeverageTier, CHANGES);
}

export function useFundInsurance() {
  return useCallMutation(leverageConsoleCalls.fundInsurance, CHANGES);
}

/** Open positions move with every tick: fresh for a short while only. */
export function useLeverageExposure() {
  return useQuery({
    queryKey: leverageKeys.exposure(),
    queryFn: () => request(leverageConsoleCalls.leverageExposure, {}),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });
}

export function useLeveragePositions(
  input: ConsoleCallInput<typeof leverageConsoleCalls.listLeveragePositions>,
) {
  const { page, pageSize, ...filter } = input;
  return useQuery({
    queryKey: [...leverageKeys.positions(filter), page, pageSize],
    queryFn: () => request(leverageConsoleCalls.listLeveragePositions, input),
    placeholderData: keepPreviousData,
  });
}

/** A book's insurance fund: balance and one page of its movements. */
export function useLeverageFund(book: LeverageBook, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...leverageKeys.fund(book, page), pageSize],
    queryFn: () => request(leverageConsoleCalls.leverageFund, { book, page, pageSize }),
    placeholderData: keepPreviousData,
  });
}
