import { describe, expect, it } from 'vitest';
import { recordDateFormat } from './date-format';

// 2026-03-04 05:06:07 UTC
const time = Date.UTC(2026, 2, 4, 5, 6, 7);

describe('record dates', () => {
  it('follows the language: order of the parts and its own words', () => {
    const en = recordDateFormat('en').formatToParts(time);
    expect(en.find((p) => p.type === 'year')?.value).toBe('2026');
    expect(recordDateFormat('zh').resolvedOptions().locale).toMatch(/^zh/);
    expect(recordDateFormat('de').resolvedOptions().locale).toBe('de');
  });

  it('keeps Latin digits in Arabic, like the amounts', () => {
    const ar = recordDateFormat('ar').format(time);
    expect(ar).toMatch(/2026/);
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
  });
});
