import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CountrySheet, useNamedCountries, type Country } from './country-sheet';

interface Dialled extends Country {
  dialCode: string;
}

const COUNTRIES: Dialled[] = [
  { code: 'DE', name: 'Germany', dialCode: '49' },
  { code: 'FR', name: 'France', dialCode: '33' },
  { code: 'AT', name: 'Austria', dialCode: '43' },
];

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});
afterEach(cleanup);

function Host(props: { onPick: (c: Dialled) => void; onClose: () => void; dialled?: boolean }) {
  const named = useNamedCountries(COUNTRIES);
  return (
    <CountrySheet
      open
      onClose={props.onClose}
      title="Choose"
      searchPlaceholder="Search"
      named={named}
      onPick={props.onPick}
      {...(props.dialled
        ? {
            matches: (c: Dialled, query: string) => c.dialCode.startsWith(query),
            renderExtra: (c: Dialled) => <span>+{c.dialCode}</span>,
          }
        : {})}
    />
  );
}

const rows = () =>
  [...document.querySelectorAll('.area-code-popup .adm-list-item')].map((el) => el.textContent);

describe('the country sheet', () => {
  it('lists countries by their name in the app language, and finds one by name or ISO code', () => {
    render(<Host onPick={() => undefined} onClose={() => undefined} />, { wrapper: MemoryRouter });
    expect(rows()).toEqual(['Austria', 'France', 'Germany']);
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'germ' } });
    expect(rows()).toEqual(['Germany']);
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'fr' } });
    expect(rows()).toEqual(['France']);
    // Only the ISO code matches: "de" is in no country's name here.
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'de' } });
    expect(rows()).toEqual(['Germany']);
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: '+49' } });
    expect(rows()).toEqual([]);
  });

  it('finds a dialling code with or without its plus, and answers the picked country', () => {
    const onPick = vi.fn();
    const onClose = vi.fn();
    render(<Host onPick={onPick} onClose={onClose} dialled />, { wrapper: MemoryRouter });
    expect(rows()).toEqual(['Austria+43', 'France+33', 'Germany+49']);
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: '+4' } });
    expect(rows()).toEqual(['Austria+43', 'Germany+49']);
    fireEvent.click(screen.getByText('Germany'));
    expect(onPick).toHaveBeenCalledWith(COUNTRIES[0]);
    expect(onClose).toHaveBeenCalled();
  });
});
