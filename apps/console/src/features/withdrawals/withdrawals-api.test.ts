import { describe, expect, it } from 'vitest';
import { nextStep } from './withdrawals-api';

describe('nextStep', () => {
  it('walks application -> risk -> packaging -> completed', () => {
    expect(nextStep('application')).toBe('risk');
    expect(nextStep('risk')).toBe('packaging');
    expect(nextStep('packaging')).toBe('completed');
  });

  it('has no next step once a withdrawal has ended', () => {
    expect(nextStep('completed')).toBeNull();
    expect(nextStep('rejected')).toBeNull();
    expect(nextStep('authFailed')).toBeNull();
  });
});
