import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { financialConsoleCalls, type ConsoleCallInput } from '@tidemark/contract';
import { useCallMutation } from '../../api/call-hooks';
import { request } from '../../api/client';

export const financialKeys = {
  all: ['financial'] as const,
  products: () => [...financialKeys.all, 'products'] as const,
  reserve: () => [...financialKeys.all, 'reserve'] as const,
  orders: (filter: object) => [...financialKeys.all, 'orders', filter] as const,
};

/** A change shows in the products, the reserve's figures and the audit log. */
const CHANGES = [financialKeys.all];

export function useMoneyProducts() {
  return useQuery({
    queryKey: financialKeys.products(),
    queryFn: () => request(financialConsoleCalls.listMoneyProducts, {}),
  });
}

export function useAddMoneyProduct() {
  return useCallMutation(financialConsoleCalls.addMoneyProduct, CHANGES);
}

export function useSetMoneyProduct() {
  return useCallMutation(financialConsoleCalls.setMoneyProduct, CHANGES);
}

export function useFundYieldReserve() {
  return useCallMutation(financialConsoleCalls.fundYieldReserve, CHANGES);
}

/** Promised interest moves with every purchase, dividend and redemption: refreshed often. */
export function useYieldReserve() {
  return useQuery({
    queryKey: financialKeys.reserve(),
    queryFn: () => request(financialConsoleCalls.yieldReserve, {}),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });
}

export function useMoneyOrders(
  input: ConsoleCallInput<typeof financialConsoleCalls.listMoneyOrders>,
  enabled = true,
) {
  const { page, pageSize, ...filter } = input;
  return useQuery({
    queryKey: [...financialKeys.orders(filter), page, pageSize],
    queryFn: () => request(financialConsoleCalls.listMoneyOrders, input),
    placeholderData: keepPreviousData,
    enabled,
  });
}
