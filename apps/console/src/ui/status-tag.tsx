import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  pending: 'processing',
  certifying: 'processing',
  application: 'processing',
  risk: 'orange',
  packaging: 'purple',
  success: 'success',
  verified: 'success',
  completed: 'success',
  active: 'success',
  rejected: 'error',
  failed: 'error',
  authFailed: 'error',
  frozen: 'error',
  disabled: 'default',
};

/** A record's state, coloured by how it ended, labelled from console.status.<group>.<status>. */
export function StatusTag({ group, status }: { group: string; status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {t(`console.status.${group}.${status}`, { defaultValue: status })}
    </Tag>
  );
}
