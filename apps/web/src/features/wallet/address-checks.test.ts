import { describe, expect, it } from 'vitest';
import { addressLooksValid, cleanAddress } from './address-checks';

describe('withdrawal address checks in the browser', () => {
  it('drops the spaces and line breaks a paste brings', () => {
    expect(cleanAddress(' 0x52908400098527886E0F7030069857D2E4169EE7\n')).toBe(
      '0x52908400098527886E0F7030069857D2E4169EE7',
    );
    expect(cleanAddress('TQn9Y2khEsLJW1Ch\nVWFMSMeRDow5KcbLSE')).toBe(
      'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    );
  });

  it('checks the shape of each chain format', () => {
    expect(addressLooksValid('evm', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(addressLooksValid('evm', '0x5290840009852788')).toBe(false);
    expect(addressLooksValid('tron', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe(true);
    expect(addressLooksValid('tron', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
    expect(addressLooksValid('bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true);
    expect(addressLooksValid('bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx')).toBe(false);
    expect(addressLooksValid('solana', 'So11111111111111111111111111111111111111112')).toBe(true);
    expect(addressLooksValid('solana', 'not-an-address')).toBe(false);
  });

  it('leaves an empty address to the required-items check', () => {
    expect(addressLooksValid('evm', '')).toBe(true);
  });
});
