import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import consoleEn from '@tidemark/i18n/locales/console/en.json';
import en from '@tidemark/i18n/locales/en.json';
import { ConfigProvider } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inEnglish } from '../../ui/test-i18n';

const TERMS = {
  depositRate: '0.05000000',
  profitRate: '0.06500000',
  depositRate2: '0.00000000',
  profitRate2: '0.01000000',
  windowStart: '10:00',
  windowEnd: '18:00',
  timeZone: 'America/Los_Angeles',
  transferDay: 1,
};
const saved = vi.fn();
vi.mock('../../features/team/team-api', () => ({
  useTeamTerms: () => ({ isPending: false, error: null, data: TERMS, refetch: () => undefined }),
  useSetTeamTerms: () => ({ mutate: saved, isPending: false }),
}));
vi.mock('../../features/session/session-api', () => ({ useCan: () => () => true }));

const { TermsTab } = await import('./terms-tab');

beforeAll(inEnglish);
afterEach(() => {
  cleanup();
  saved.mockClear();
});

const texts = consoleEn.console.team;
function show() {
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <TermsTab />
    </ConfigProvider>,
  );
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: texts.save }));

describe('the team terms form', () => {
  it('sends terms the server takes', async () => {
    show();
    type(texts.depositRate, '0.04');
    save();
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]![0]).toMatchObject({ depositRate: '0.04', windowEnd: '18:00' });
  });

  it('marks a rate above 1 (100 %) at its field and sends nothing', async () => {
    show();
    type(texts.profitRate2, '1.5');
    save();
    expect(await screen.findByText(en.errors.teamTermsInvalid)).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
  });

  it('marks a window that closes before it opens at its closing time', async () => {
    show();
    type(texts.windowEnd, '09:00');
    save();
    expect(await screen.findByText(en.errors.teamTermsInvalid)).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
  });
});
