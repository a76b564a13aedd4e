import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannel } from '../../api/use-channel';
import { useSession } from '../../api/session';
import { isLanguageCode, DEFAULT_LANGUAGE } from '@tidemark/i18n';
import { recordDateFormat } from '../assets/date-format';
import { financialKeys } from './api/financial-keys';
import { utcOffsetLabel } from './financial-math';

/** A dividend or a principal changes the cft balance: the user's financial figures refresh. */
export function useLiveFinancial(): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  useChannel(token ? 'user' : null, (event) => {
    if (event.event === 'balance')
      void queryClient.invalidateQueries({ queryKey: financialKeys.user() });
  });
}

/**
 * Dates of records in the user's language (Latin digits, as the amounts beside them), in the
 * device's time zone and saying so ("… UTC+1"): a package's dividend time is shown in the
 * package's own zone beside them, so neither leaves its zone implicit.
 */
export function useRecordDate(): (ms: number) => string {
  const { i18n } = useTranslation();
  const code = isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const format = useMemo(() => recordDateFormat(code), [code]);
  return (ms) => `${format.format(ms)} ${utcOffsetLabel(ms)}`;
}
