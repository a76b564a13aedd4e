import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import consoleEn from '@tidemark/i18n/locales/console/en.json';
import { ConfigProvider } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContractTermsValues } from './terms';
import { TermsFormModal } from './terms-form-modal';
import { inEnglish } from '../../ui/test-i18n';

beforeAll(inEnglish);

afterEach(cleanup);

const TERMS: ContractTermsValues = {
  lotPrice: '100',
  openFeeRate: '0.001',
  closeFeeRate: '0.001',
  maintenanceRate: '0.5',
  negativeBalanceProtection: true,
};
const texts = consoleEn.console.leverage;

function open() {
  const onSubmit = vi.fn();
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <TermsFormModal
        open
        initial={TERMS}
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

describe('TermsFormModal', () => {
  it('starts from the terms in force and submits them changed, trimmed', async () => {
    const onSubmit = open();
    expect(field(texts.lotPrice).value).toBe('100');
    expect(field(texts.maintenanceRate).value).toBe('0.5');
    type(texts.closeFeeRate, ' 0.002 ');
    fireEvent.click(screen.getByRole('switch'));
    save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        ...TERMS,
        closeFeeRate: '0.002',
        negativeBalanceProtection: false,
      }),
    );
  });

  it("refuses a maintenance level of 1 or more with the contract's rule, sending nothing", async () => {
    const onSubmit = open();
    type(texts.maintenanceRate, '1');
    save();
    await screen.findByText(texts.rateInvalid.replace('{{field}}', texts.maintenanceRate));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('marks only the bad field, with a text about that field', async () => {
    const onSubmit = open();
    type(texts.openFeeRate, '1.5');
    save();
    const error = await screen.findByText(
      texts.rateInvalid.replace('{{field}}', texts.openFeeRate),
    );
    expect(document.querySelectorAll('.ant-form-item-has-error')).toHaveLength(1);
    expect(error.closest('.ant-form-item')?.textContent).toContain(texts.openFeeRate);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says the price per lot must be above 0', async () => {
    open();
    type(texts.lotPrice, '0');
    save();
    await screen.findByText(texts.lotPriceInvalid);
    expect(document.querySelectorAll('.ant-form-item-has-error')).toHaveLength(1);
  });
});
