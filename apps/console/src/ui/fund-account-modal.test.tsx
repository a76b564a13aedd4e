import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { loanConsoleCalls, teamConsoleCalls } from '@tidemark/contract';
import consoleEn from '@tidemark/i18n/locales/console/en.json';
import en from '@tidemark/i18n/locales/en.json';
import { ConfigProvider } from 'antd';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FundAccountModal } from './fund-account-modal';
import { inEnglish } from './test-i18n';

beforeAll(inEnglish);

afterEach(cleanup);

type Input = { currency: string; amount: string };

/** A page with one account to fund; its call is answered with `answer`. */
function FundPage(props: { answer: 'success' | 'failure'; calls: Input[]; askCurrency?: boolean }) {
  const [target, setTarget] = useState<string | null>(null);
  const mutation = {
    isPending: false,
    mutate: (input: Input, options: { onSuccess(): void }) => {
      props.calls.push(input);
      if (props.answer === 'success') options.onSuccess();
    },
  };
  return (
    // Without motion a closed dialog leaves at once.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <button onClick={() => setTarget('BTC')}>fund BTC</button>
      <FundAccountModal
        target={target}
        texts={{
          title: `Fund ${target ?? ''}`,
          ok: 'Fund',
          hint: 'From the treasury',
          done: 'Done',
        }}
        amountSchema={
          props.askCurrency
            ? teamConsoleCalls.fundTeamBudget.input.shape.amount
            : loanConsoleCalls.fundLoanFund.input.shape.amount
        }
        suffix={props.askCurrency ? undefined : (target ?? '')}
        currencyField={
          props.askCurrency ? { label: 'Currency', initial: target ?? 'USDT' } : undefined
        }
        mutation={mutation}
        input={(currency, values) =>
          props.askCurrency ? values : { currency, amount: values.amount }
        }
        onClose={() => setTarget(null)}
      />
    </ConfigProvider>
  );
}

async function fund(amount: string, page: Parameters<typeof FundPage>[0]) {
  render(<FundPage {...page} />);
  fireEvent.click(screen.getByText('fund BTC'));
  expect(await screen.findByText('Fund BTC')).toBeTruthy();
  expect(screen.getByText('From the treasury')).toBeTruthy();
  fireEvent.change(screen.getByLabelText(consoleEn.console.common.amount), {
    target: { value: amount },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Fund' }));
}

describe('FundAccountModal', () => {
  it('asks for an amount before any call', async () => {
    const calls: Input[] = [];
    await fund('', { answer: 'success', calls });
    expect(await screen.findByText(en.errors.requiredItems)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("refuses what the contract's amount rule refuses, with no call", async () => {
    const calls: Input[] = [];
    await fund('ten', { answer: 'success', calls });
    expect(await screen.findByText(en.errors.incorrectAmount)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('moves the trimmed amount for the target, then closes', async () => {
    const calls: Input[] = [];
    await fund(' 12.5 ', { answer: 'success', calls });
    await waitFor(() => expect(calls).toEqual([{ currency: 'BTC', amount: '12.5' }]));
    await waitFor(() => expect(screen.queryByText('Fund BTC')).toBeNull());
  });

  it('stays open with the amount as written when the call fails', async () => {
    const calls: Input[] = [];
    await fund('12.5', { answer: 'failure', calls });
    await waitFor(() => expect(calls).toHaveLength(1));
    const amount = screen.getByLabelText(consoleEn.console.common.amount) as HTMLInputElement;
    expect(amount.value).toBe('12.5');
  });

  it('asks for the currency when told, starting at the target, upper-cased', async () => {
    const calls: Input[] = [];
    await fund('3', { answer: 'success', calls, askCurrency: true });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: ' eth ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fund' }));
    await waitFor(() => expect(calls).toEqual([{ currency: 'ETH', amount: '3' }]));
  });
});
