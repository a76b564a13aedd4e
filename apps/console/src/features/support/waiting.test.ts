import { describe, expect, it } from 'vitest';
import { waitingText } from './waiting';

describe('waitingText', () => {
  it('says minutes, then hours, then days', () => {
    expect(waitingText(30_000, 'en')).toBe('0 min');
    expect(waitingText(5 * 60_000, 'en')).toBe('5 min');
    expect(waitingText(3 * 3_600_000 + 59 * 60_000, 'en')).toBe('3 hr');
    expect(waitingText(3 * 86_400_000, 'en')).toBe('3 days');
    expect(waitingText(5 * 60_000, 'de')).toBe('5 Min.');
  });
});
