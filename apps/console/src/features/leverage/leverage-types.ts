import type { ConsoleCallInput, ConsoleCallOutput, leverageConsoleCalls } from '@tidemark/contract';

/** The leverage records the console shows, taken from the answers of the contract's calls. */
export type LeverageTermsRecord = ConsoleCallOutput<typeof leverageConsoleCalls.listLeverageTerms>;
export type LeverageTierRow = LeverageTermsRecord['tiers'][number];
export type LeverageExposure = ConsoleCallOutput<typeof leverageConsoleCalls.leverageExposure>;
export type LeverageExposureRow = LeverageExposure['rows'][number];
export type LeverageFundBook = LeverageExposure['books'][number];
export type LeverageBook = LeverageFundBook['book'];
export type LeveragePositionRecord = ConsoleCallOutput<
  typeof leverageConsoleCalls.listLeveragePositions
>['list'][number];
export type LeveragePositionFilter = Omit<
  ConsoleCallInput<typeof leverageConsoleCalls.listLeveragePositions>,
  'page' | 'pageSize'
>;
export type LeverageFund = ConsoleCallOutput<typeof leverageConsoleCalls.leverageFund>;
export type LeverageFundMovement = LeverageFund['movements']['list'][number];
