import type { TickSource } from '@tidemark/contract';
import { languageInfo } from '@tidemark/i18n';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { exactPrice } from '../../market/format';
import { currentLanguage } from '../../../ui/i18n';

/**
 * A source's update time to the millisecond, as exchanges stamp their trades: enough to find the
 * same print in a source's public data. Latin digits, as beside every amount.
 */
export function sourceTimeFormat(bcp47: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(bcp47, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hourCycle: 'h23',
    numberingSystem: 'latn',
  });
}

/**
 * The exchange prices a live tick is the median of (issue 17): each source's name, price and
 * update time, so a trader can check the strike or settlement against the exchanges' own data.
 * A simulated tick names none, and then nothing is shown. The caller heads it with
 * `optionsPublic.sources.title` where its layout wants the label.
 */
export function TickSources({
  sources,
  field,
}: {
  sources: readonly TickSource[] | undefined;
  /** Names the list for tests and journeys ("strike-sources"). */
  field?: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const times = useMemo(() => sourceTimeFormat(languageInfo(language).bcp47), [language]);
  if (!sources || sources.length === 0) return null;
  return (
    <table
      className="tick-sources"
      data-field={field}
      aria-label={t('optionsPublic.sources.title')}
    >
      <thead>
        <tr>
          <th scope="col">{t('optionsPublic.sources.source')}</th>
          <th scope="col">{t('optionsPublic.sources.price')}</th>
          <th scope="col">{t('optionsPublic.sources.time')}</th>
        </tr>
      </thead>
      <tbody>
        {sources.map((source) => (
          <tr key={source.name} data-source={source.name}>
            <th scope="row" className="tick-sources__name">
              {source.name}
            </th>
            <td className="num">{exactPrice(source.price)}</td>
            <td className="num">{times.format(source.time)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
