import type { ConsoleCallInput, ConsoleCallOutput, optionsConsoleCalls } from '@tidemark/contract';

/** The option records the console shows, taken from the answers of the contract's calls. */
export type OptionProducts = ConsoleCallOutput<typeof optionsConsoleCalls.listOptionProducts>;
export type OptionProduct = OptionProducts['products'][number];
export type OptionPeriodTerms = OptionProduct['periods'][number];
export type OptionExposure = ConsoleCallOutput<typeof optionsConsoleCalls.optionExposure>;
export type OptionExposureRow = OptionExposure['rows'][number];
export type OptionPoolBook = OptionExposure['books'][number];
export type OptionBook = OptionPoolBook['book'];
export type OptionPnlDay = ConsoleCallOutput<
  typeof optionsConsoleCalls.optionPoolPnl
>['days'][number];
export type OptionOrderRecord = ConsoleCallOutput<
  typeof optionsConsoleCalls.listOptionOrders
>['list'][number];
export type OptionOrderFilter = Omit<
  ConsoleCallInput<typeof optionsConsoleCalls.listOptionOrders>,
  'page' | 'pageSize'
>;
