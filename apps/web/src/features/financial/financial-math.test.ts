import { describe, expect, it } from 'vitest';
import { utcOffsetLabel } from './financial-math';

describe('utcOffsetLabel', () => {
  const winter = Date.UTC(2026, 10, 25, 0, 0);
  const summer = Date.UTC(2026, 6, 1, 0, 0);

  it('names the offset of a zone at the instant, in Latin letters', () => {
    expect(utcOffsetLabel(winter, 'UTC')).toBe('UTC');
    expect(utcOffsetLabel(winter, 'Europe/Berlin')).toBe('UTC+1');
    expect(utcOffsetLabel(summer, 'Europe/Berlin')).toBe('UTC+2');
    expect(utcOffsetLabel(winter, 'Asia/Kolkata')).toBe('UTC+5:30');
    expect(utcOffsetLabel(winter, 'America/New_York')).toBe('UTC-5');
  });
});
