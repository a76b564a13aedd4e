import { describe, expect, it } from 'vitest';
import { realBookRefusal } from './use-real-book-refusal';

const RESTRICTED = ['DE', 'GB', 'US'];

describe('realBookRefusal', () => {
  it('asks for primary verification until it is verified', () => {
    for (const state of ['notCertified', 'certifying', 'failed'])
      expect(realBookRefusal(state, 'SG', RESTRICTED)).toEqual({ code: 'optionPrimaryRequired' });
  });
  it('names the restricted country of the verification, whatever its case', () => {
    expect(realBookRefusal('verified', 'de', RESTRICTED)).toEqual({
      code: 'optionRestricted',
      country: 'DE',
    });
  });
  it('lets a verified trader of another country through, and waits for the list', () => {
    expect(realBookRefusal('verified', 'SG', RESTRICTED)).toBeNull();
    expect(realBookRefusal('verified', 'DE', undefined)).toBeNull();
  });
});
