export { SpotBook } from './order-book';
export { quoteOf } from './quote';
export { InvalidSnapshotError } from './snapshot';
export type * from './types';
