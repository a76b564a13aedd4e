import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { positiveInt } from '../../ui/use-search-state';

/** Both tabs' trader filter: a user id from the URL, applied on Enter or when the box is left. */
export function UserIdFilter({ value, onChange }: { value: string; onChange(text: string): void }) {
  const { t } = useTranslation();
  return (
    <InputNumber
      // A new URL value (back button, a link) replaces what was typed.
      key={`user-${value}`}
      min={1}
      precision={0}
      defaultValue={positiveInt(value, 0) || undefined}
      placeholder={t('console.ledger.userId')}
      onPressEnter={(e) => onChange((e.target as HTMLInputElement).value)}
      onBlur={(e) => onChange(e.target.value)}
      style={{ width: 140 }}
      aria-label={t('console.ledger.userId')}
    />
  );
}
