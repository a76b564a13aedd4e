import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { optionsConsoleCalls, type ConsoleCallInput } from '@tidemark/contract';
import { useCallMutation } from '../../api/call-hooks';
import { request } from '../../api/client';
import type { OptionBook, OptionOrderFilter, OptionProducts } from './options-types';

export const optionKeys = {
  all: ['options'] as const,
  products: () => [...optionKeys.all, 'products'] as const,
  exposure: () => [...optionKeys.all, 'exposure'] as const,
  pnl: (book: OptionBook, days: number) => [...optionKeys.all, 'pnl', book, days] as const,
  orders: (filter: OptionOrderFilter) => [...optionKeys.all, 'orders', filter] as const,
};

/** Products, their periods and the restricted countries: one short answer, fetched whole. */
export function useOptionProducts() {
  return useQuery({
    queryKey: optionKeys.products(),
    queryFn: (): Promise<OptionProducts> => request(optionsConsoleCalls.listOptionProducts, {}),
  });
}

/** A change of terms shows in the products, in the exposure (funding) and in the audit log. */
const CHANGES = [optionKeys.all];

export function useSetOptionProduct() {
  return useCallMutation(optionsConsoleCalls.setOptionProduct, CHANGES);
}

export function useAddOptionPeriod() {
  return useCallMutation(optionsConsoleCalls.addOptionPeriod, CHANGES);
}

export function useSetOptionPeriod() {
  return useCallMutation(optionsConsoleCalls.setOptionPeriod, CHANGES);
}

export function useSetRestrictedCountries() {
  return useCallMutation(optionsConsoleCalls.setOptionRestrictedCountries, CHANGES);
}

export function useFundOptionPool() {
  return useCallMutation(optionsConsoleCalls.fundOptionPool, CHANGES);
}

/** Open stakes move with every order placed and settled: fresh for a short while only. */
export function useOptionExposure() {
  return useQuery({
    queryKey: optionKeys.exposure(),
    queryFn: () => request(optionsConsoleCalls.optionExposure, {}),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });
}

export function useOptionPnl(book: OptionBook, days: number) {
  return useQuery({
    queryKey: optionKeys.pnl(book, days),
    queryFn: () => request(optionsConsoleCalls.optionPoolPnl, { book, days }),
  });
}

/** One page of orders; `enabled` false while the trader typed is still being looked up. */
export function useOptionOrders(
  input: ConsoleCallInput<typeof optionsConsoleCalls.listOptionOrders>,
  enabled = true,
) {
  const { page, pageSize, ...filter } = input;
  return useQuery({
    queryKey: [...optionKeys.orders(filter), page, pageSize],
    queryFn: () => request(optionsConsoleCalls.listOptionOrders, input),
    placeholderData: keepPreviousData,
    enabled,
  });
}
