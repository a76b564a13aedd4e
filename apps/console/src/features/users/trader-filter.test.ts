import { describe, expect, it } from 'vitest';
import { pickTrader, traderQuery } from './trader-filter';

const ann = { id: 3, email: 'ann@example.com', phone: null, areaCode: null };
const annie = { id: 4, email: 'annie@example.com', phone: null, areaCode: null };
const bob = { id: 7, email: null, phone: '1701234567', areaCode: '49' };

describe('traderQuery', () => {
  it('reads nothing, a user id or an account', () => {
    expect(traderQuery('  ')).toEqual({ kind: 'all' });
    expect(traderQuery(' 12 ')).toEqual({ kind: 'id', userId: 12 });
    expect(traderQuery('#12')).toEqual({ kind: 'id', userId: 12 });
    expect(traderQuery('0')).toEqual({ kind: 'account', text: '0' });
    expect(traderQuery('ann@example.com')).toEqual({ kind: 'account', text: 'ann@example.com' });
    expect(traderQuery('+49 170 1234567')).toEqual({ kind: 'account', text: '+49 170 1234567' });
  });
});

describe('pickTrader', () => {
  it('takes the exact email among looser matches', () => {
    expect(pickTrader('Ann@Example.com', [ann, annie])).toEqual({ kind: 'one', user: ann });
  });

  it('takes a phone with or without its area code', () => {
    expect(pickTrader('1701234567', [bob])).toEqual({ kind: 'one', user: bob });
    expect(pickTrader('+49 170 1234567', [ann, bob])).toEqual({ kind: 'one', user: bob });
  });

  it('takes the only answer, and no one of several loose ones', () => {
    expect(pickTrader('annie', [annie])).toEqual({ kind: 'one', user: annie });
    expect(pickTrader('example', [ann, annie])).toEqual({ kind: 'several' });
    expect(pickTrader('carol@example.com', [])).toEqual({ kind: 'none' });
  });
});
