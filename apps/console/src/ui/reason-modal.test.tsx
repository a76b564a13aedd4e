import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import en from '@tidemark/i18n/locales/console/en.json';
import { ConfigProvider } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initReactI18next } from 'react-i18next';
import { i18next } from './i18n';
import { ReasonModal, useReasonDialog } from './reason-modal';

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

/** A page with one record to refuse, its call answered by `answer`. */
function RefusePage(props: {
  answer: 'success' | 'failure' | 'later';
  calls: string[];
  onDone(id: number): void;
  /** With answer 'later': where the call's success is left, to be run by the test. */
  pendingSuccess?: (() => void)[];
}) {
  const refusal = useReasonDialog<{ id: number }>({
    pending: false,
    submit: ({ id }, reason, onSuccess) => {
      props.calls.push(`${id}: ${reason}`);
      if (props.answer === 'success') onSuccess();
      if (props.answer === 'later') props.pendingSuccess?.push(onSuccess);
    },
    onDone: ({ id }) => props.onDone(id),
  });
  return (
    // Without motion a closed dialog leaves at once.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <button onClick={() => refusal.ask({ id: 3 })}>refuse #3</button>
      <ReasonModal
        {...refusal.dialog}
        title={`Reject deposit #${refusal.target?.id ?? ''}`}
        okText="Reject"
      />
    </ConfigProvider>
  );
}

async function refuse(answer: 'success' | 'failure') {
  const calls: string[] = [];
  const onDone = vi.fn();
  render(<RefusePage answer={answer} calls={calls} onDone={onDone} />);
  fireEvent.click(screen.getByText('refuse #3'));
  expect(await screen.findByText('Reject deposit #3')).toBeTruthy();
  fireEvent.change(screen.getByRole('textbox'), { target: { value: 'blurred' } });
  fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
  await waitFor(() => expect(calls).toEqual(['3: blurred']));
  return onDone;
}

describe('useReasonDialog', () => {
  it('makes the call for the record asked about, then closes and runs onDone', async () => {
    const onDone = await refuse('success');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(3));
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
  });

  it('stays open, with nothing done, when the call fails', async () => {
    const onDone = await refuse('failure');
    expect(onDone).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('blurred');
  });

  it('closes on cancel without a call', async () => {
    const calls: string[] = [];
    render(<RefusePage answer="success" calls={calls} onDone={() => undefined} />);
    fireEvent.click(screen.getByText('refuse #3'));
    await screen.findByText('Reject deposit #3');
    fireEvent.click(screen.getByRole('button', { name: en.console.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(calls).toEqual([]);
  });

  it('runs the onDone of the render the reason was submitted in', async () => {
    const calls: string[] = [];
    const pendingSuccess: (() => void)[] = [];
    const before = vi.fn();
    const after = vi.fn();
    const { rerender } = render(
      <RefusePage answer="later" calls={calls} onDone={before} pendingSuccess={pendingSuccess} />,
    );
    fireEvent.click(screen.getByText('refuse #3'));
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'blurred' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(pendingSuccess).toHaveLength(1));
    // The record changed while the call was under way (its list was fetched again).
    rerender(
      <RefusePage answer="later" calls={calls} onDone={after} pendingSuccess={pendingSuccess} />,
    );
    act(() => pendingSuccess[0]?.());
    expect(before).toHaveBeenCalledWith(3);
    expect(after).not.toHaveBeenCalled();
  });
});
