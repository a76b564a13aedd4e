import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import consoleEn from '@tidemark/i18n/locales/console/en.json';
import en from '@tidemark/i18n/locales/en.json';
import { ConfigProvider } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PeriodFormModal, type PeriodFormValues } from './period-form-modal';
import { inEnglish } from '../../ui/test-i18n';

beforeAll(inEnglish);

afterEach(cleanup);

const TERMS: PeriodFormValues = {
  returnRate: '0.85',
  lossRate: '1',
  minAmount: '10',
  maxAmount: '10000',
  enabled: true,
};
const texts = consoleEn.console.options;

function open(initial: PeriodFormValues = TERMS, withSeconds = false) {
  const onSubmit = vi.fn();
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <PeriodFormModal
        open
        title="Edit the 60 sec period of BTCUSDT"
        initial={initial}
        withSeconds={withSeconds}
        pending={false}
        onSubmit={onSubmit}
        onClose={() => undefined}
      />
    </ConfigProvider>,
  );
  return onSubmit;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const save = () =>
  fireEvent.click(screen.getByRole('button', { name: consoleEn.console.common.save }));

describe('PeriodFormModal', () => {
  it('starts from the period’s terms and submits them changed, trimmed', async () => {
    const onSubmit = open();
    expect(field(texts.returnRate).value).toBe('0.85');
    expect(field(texts.maxAmount).value).toBe('10000');
    type(texts.returnRate, ' 0.9 ');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ ...TERMS, returnRate: '0.9' }));
  });

  it('refuses a rate the contract refuses, with the catalogue’s text for a rate', async () => {
    const onSubmit = open();
    type(texts.returnRate, '-0.1');
    save();
    expect(await screen.findByText(en.errors.rateInvalid)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a return rate above 1: "80" typed for 80 % would pay 81 times the stake', async () => {
    const onSubmit = open();
    type(texts.returnRate, '80');
    save();
    expect(await screen.findByText(en.errors.optionTermsInvalid)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a return rate of 0: a win would pay back only the stake', async () => {
    const onSubmit = open();
    type(texts.returnRate, '0');
    save();
    expect(await screen.findByText(en.errors.optionTermsInvalid)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a loss rate above 1 and a minimum over the maximum, as the server would', async () => {
    const onSubmit = open();
    type(texts.lossRate, '1.5');
    type(texts.minAmount, '20000');
    save();
    await waitFor(() => expect(screen.getAllByText(en.errors.optionTermsInvalid)).toHaveLength(2));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for every term', async () => {
    const onSubmit = open();
    type(texts.minAmount, '');
    save();
    expect(await screen.findByText(en.errors.requiredItems)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for the length of a new period and submits it with the terms', async () => {
    const onSubmit = open({ ...TERMS, seconds: 60 }, true);
    type(texts.seconds, '300');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ ...TERMS, seconds: 300 }));
  });
});
