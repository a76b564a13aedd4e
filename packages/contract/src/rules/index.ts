export * from './validators';
export * from './format';
export * from './display';
export * from '../constants';
export * from '../money';
export {
  NEWSIGN_DEFAULT_SECRET,
  NEWSIGN_DIGITS,
  NEWSIGN_LENGTH,
  NEWSIGN_PERIOD_SECONDS,
} from '../newsign-constants';
