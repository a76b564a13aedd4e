import { kycCalls, type CallInput } from '@tidemark/contract';
import en from '@tidemark/i18n/locales/en.json';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const toasts: string[] = [];
vi.mock('../ui/toast', () => ({
  showToast: (text: string) => toasts.push(text),
  showLoading: () => () => undefined,
}));

const { validateForm } = await import('./validate');

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  toasts.length = 0;
});

const picture = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'id.png', { type: 'image/png' });

describe('validateForm', () => {
  it('toasts the first problem and names every field found wanting, once each', async () => {
    const heard: (readonly string[])[] = [];
    const input = {
      country: '',
      address: '',
      realName: 'Erika Mustermann',
      idNumber: '',
      idFront: picture(),
      idBack: undefined,
    } as unknown as CallInput<typeof kycCalls.userPrimaryAuth>;
    expect(await validateForm(kycCalls.userPrimaryAuth, input, (f) => heard.push(f))).toBeNull();
    expect(toasts).toEqual(['Please confirm the required items']);
    expect(heard).toHaveLength(1);
    expect([...heard[0]!].sort()).toEqual(['address', 'country', 'idBack', 'idNumber']);
  });

  it('answers the values and names nothing when the form is whole', async () => {
    const heard: (readonly string[])[] = [];
    const input = {
      country: 'DE',
      address: 'Heidestrasse 17, 51147 Koeln',
      realName: 'Erika Mustermann',
      idNumber: 'T22000129',
      idFront: picture(),
      idBack: picture(),
    };
    expect(await validateForm(kycCalls.userPrimaryAuth, input, (f) => heard.push(f))).toBe(input);
    expect(heard).toEqual([]);
    expect(toasts).toEqual([]);
  });
});
