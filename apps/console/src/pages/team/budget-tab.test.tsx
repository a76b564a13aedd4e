import { cleanup, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inEnglish } from '../../ui/test-i18n';

const row = {
  currency: 'USDT',
  balance: '99970.00000000',
  pending: '99970.00000000',
  headroom: '0.00000000',
  waiting: 0,
  uncovered: '0.00000000',
  uncoveredCount: 0,
  payable: '0.00000000',
};
let rows = [row];
vi.mock('../../features/team/team-api', () => ({
  useTeamBudget: () => ({
    isPending: false,
    error: null,
    data: { rows },
    refetch: () => undefined,
  }),
  useFundTeamBudget: () => ({ mutate: vi.fn(), mutateAsync: vi.fn(), isPending: false }),
}));
vi.mock('../../features/session/session-api', () => ({ useCan: () => () => true }));

const { BudgetTab } = await import('./budget-tab');

beforeAll(inEnglish);
afterEach(cleanup);

function show() {
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <BudgetTab />
    </ConfigProvider>,
  );
}

describe('the rebate budget tab', () => {
  it('warns of a budget over-committed before the headroom rule: releases wait', () => {
    rows = [
      {
        ...row,
        balance: '99970.00000000',
        pending: '150000.00000000',
        headroom: '-50030.00000000',
        waiting: 1,
      },
    ];
    show();
    expect(screen.getByTestId('team-short-USDT').textContent).toContain(
      'USDT: pending rebates exceed the budget by 50,030. Releases wait until you fund it.',
    );
  });

  it('warns when no headroom is left and when rebates were not granted in full', () => {
    rows = [{ ...row, uncovered: '50030.00000000', uncoveredCount: 1 }];
    show();
    expect(screen.getByTestId('team-empty-USDT').textContent).toContain(
      'New rebates are not granted until you fund the budget.',
    );
    expect(screen.getByTestId('team-uncovered-USDT').textContent).toContain(
      'so far: 1, 50,030 in all',
    );
  });

  it('says nothing when the headroom covers what is pending', () => {
    rows = [{ ...row, pending: '30.00000000', headroom: '99940.00000000' }];
    show();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
