import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import en from '@tidemark/i18n/locales/console/en.json';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initReactI18next } from 'react-i18next';
import { i18next } from './i18n';
import { ReasonModal } from './reason-modal';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});

afterEach(cleanup);

function open(onSubmit: (reason: string) => void) {
  render(
    <ReasonModal
      open
      title="Reject deposit #3"
      okText="Reject"
      pending={false}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
}

describe('ReasonModal', () => {
  it('refuses to submit without a reason and says why', async () => {
    const onSubmit = vi.fn();
    open(onSubmit);
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(en.console.common.reasonRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not accept a reason of spaces only', async () => {
    const onSubmit = vi.fn();
    open(onSubmit);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(en.console.common.reasonRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the trimmed reason', async () => {
    const onSubmit = vi.fn();
    open(onSubmit);
    fireEvent.change(screen.getByRole('textbox'), {
      target: { value: '  Screenshot does not match  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Screenshot does not match'));
  });
});
