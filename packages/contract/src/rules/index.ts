export * from './validators';
export * from './format';
export * from '../constants';
export * from '../money';
export * from '../newsign';
