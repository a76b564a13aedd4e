import { beforeAll, describe, expect, it } from 'vitest';
import { inEnglish } from '../../ui/test-i18n';
import { auditTargetLabel } from './audit-target';

beforeAll(inEnglish);

/** An entry as the audit list answers it, with only what the label reads. */
const entry = (
  targetType: string,
  targetId: string,
  after: unknown = null,
  before: unknown = null,
  operator: { operatorId: number | null; operatorUsername: string | null } = {
    operatorId: 1,
    operatorUsername: 'admin',
  },
) => ({ targetType, targetId, before, after, ...operator });

describe('auditTargetLabel', () => {
  it('names an option period by its symbol and length, from the record itself', () => {
    const period = { id: 7, symbol: 'BTC/USDT', seconds: 60, returnRate: '0.85' };
    expect(auditTargetLabel(entry('option', 'period:7', period, period))).toBe(
      'Options period BTC/USDT · 60 sec',
    );
    expect(auditTargetLabel(entry('option', 'period:8', period))).toBe(
      'Options period BTC/USDT · 60 sec',
    );
  });

  it('names the other option targets: a symbol, a pool, the restricted countries', () => {
    expect(auditTargetLabel(entry('option', 'BTC/USDT', { enabled: false }))).toBe(
      'Options · BTC/USDT',
    );
    expect(auditTargetLabel(entry('option', 'pool:demo', { poolBalance: '10' }))).toBe(
      'Options pool: Demo account',
    );
    expect(auditTargetLabel(entry('option', 'restricted-countries'))).toBe(
      'Options · Restricted countries',
    );
  });

  it('names a trader by email, or by phone, or else by id', () => {
    const user = { id: 1, email: 'demo@tidemark.dev', phone: null, areaCode: null };
    expect(auditTargetLabel(entry('user', '1', user, user))).toBe('demo@tidemark.dev');
    expect(
      auditTargetLabel(entry('user', '2', { email: null, phone: '1701234567', areaCode: '49' })),
    ).toBe('+49 1701234567');
    expect(auditTargetLabel(entry('user', '3'))).toBe('User #3');
  });

  it('names an operator by username, their own sign-in by the operator who acted', () => {
    expect(auditTargetLabel(entry('operator', '4', { id: 4, username: 'reviewer1' }))).toBe(
      'Operator · reviewer1',
    );
    expect(auditTargetLabel(entry('operator', '1', { sessionId: 9 }))).toBe('Operator · admin');
    expect(auditTargetLabel(entry('operator', '5', { sessionId: 9 }))).toBe('Operator #5');
  });

  it('names terms, tiers, funds and reserves of the products', () => {
    expect(auditTargetLabel(entry('leverage', 'tier:gold'))).toBe('Member tiers · Gold');
    expect(auditTargetLabel(entry('leverage', 'insurance-fund:real'))).toBe(
      'Insurance fund: Real account',
    );
    expect(auditTargetLabel(entry('team', 'budget:USDT'))).toBe('Rebate budget · USDT');
    expect(auditTargetLabel(entry('financial', 'product:2', { name: 'Steady 30' }))).toBe(
      'Financial packages · Steady 30',
    );
    expect(auditTargetLabel(entry('loan', 'product:3', { currency: 'USDT' }))).toBe(
      'Loan product #3 · USDT',
    );
    expect(auditTargetLabel(entry('ledger', 'platform'))).toBe('Ledger · Whole platform');
    expect(auditTargetLabel(entry('setting', 'withdrawal'))).toBe(
      'Trading volume needed to withdraw',
    );
  });

  it('names content by its title in the operator’s language', () => {
    const page = {
      texts: [
        { lang: 'de', title: 'Wartung' },
        { lang: 'en', title: 'Maintenance' },
      ],
    };
    expect(auditTargetLabel(entry('content', 'announcement:5', page))).toBe(
      'Announcements · Maintenance',
    );
    expect(auditTargetLabel(entry('content', 'help:6', { published: true }))).toBe(
      'Help centre · #6',
    );
    expect(auditTargetLabel(entry('siteMail', 'user:5', { title: 'Hello' }))).toBe(
      'Site mail · Hello · One trader #5',
    );
  });

  it('falls back to the stored type and id when the record does not say more', () => {
    expect(auditTargetLabel(entry('option', 'period:9', null, null))).toBe('Options #period:9');
    expect(auditTargetLabel(entry('supportConversation', '8'))).toBe('Support conversation #8');
    // A review queue's record is known by its number, as its queue lists it.
    const deposit = { id: 12, amount: '1250.50000000', currency: 'USDT', chain: 'TRC20' };
    expect(auditTargetLabel(entry('deposit', '12', deposit, deposit))).toBe('Deposit #12');
    expect(auditTargetLabel(entry('somethingNew', 'x:1'))).toBe('somethingNew #x:1');
  });
});
