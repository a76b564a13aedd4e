import { Collapse, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from './format';
import { JsonView } from './json-view';

/** One field of an audit record's before and after, by its path ("terms.profitRate"). */
export interface AuditFieldChange {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** A record's leaves by path: objects open up, arrays and other values are leaves. */
function leaves(value: unknown, path: string, into: Map<string, unknown>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && path) into.set(path, value);
    for (const [key, inner] of entries) leaves(inner, path ? `${path}.${key}` : key, into);
    return;
  }
  into.set(path, value);
}

/** The fields of an audit record, each with its value before and after, in the record's order. */
export function auditFieldChanges(before: unknown, after: unknown): AuditFieldChange[] {
  const was = new Map<string, unknown>();
  const is = new Map<string, unknown>();
  if (before !== null && before !== undefined) leaves(before, '', was);
  if (after !== null && after !== undefined) leaves(after, '', is);
  const fields = [...new Set([...was.keys(), ...is.keys()])];
  return fields.map((field) => {
    const [b, a] = [was.get(field), is.get(field)];
    return { field, before: b, after: a, changed: JSON.stringify(b) !== JSON.stringify(a) };
  });
}

/** Epoch milliseconds of a field named as a time ("createdAt", "opens_at", "settleTime"). */
const TIME_FIELD = /(At|_at|Time|_time)$/;
const EPOCH_MS = { min: 946_684_800_000, max: 4_102_444_800_000 };

/** A value as the operator reads it: a dash for none, a time as a date, the rest as written. */
export function auditValueText(field: string, value: unknown): string {
  if (value === null || value === undefined) return '-';
  const leaf = field.slice(field.lastIndexOf('.') + 1);
  if (
    typeof value === 'number' &&
    TIME_FIELD.test(leaf) &&
    value >= EPOCH_MS.min &&
    value < EPOCH_MS.max
  )
    return formatTime(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * An audit record's before and after as a table of its fields, the changed ones marked, times as
 * dates; the record as stored stays one click away (what the operator's call wrote, exactly).
 */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const rows = auditFieldChanges(before, after);
  const cell = (field: string, value: unknown, changed: boolean) => {
    const text = auditValueText(field, value);
    return (
      <Typography.Text
        strong={changed}
        type={value === undefined || value === null ? 'secondary' : undefined}
        title={typeof value === 'number' ? String(value) : undefined}
        style={{ wordBreak: 'break-word' }}
      >
        {text}
      </Typography.Text>
    );
  };
  return (
    <>
      <Table<AuditFieldChange>
        size="small"
        pagination={false}
        rowKey="field"
        dataSource={rows}
        locale={{ emptyText: t('console.audit.noFields') }}
        rowClassName={(row) => (row.changed ? 'audit-changed' : '')}
        columns={[
          {
            title: t('console.audit.field'),
            dataIndex: 'field',
            render: (field: string, row) => (
              <Typography.Text code strong={row.changed}>
                {field}
              </Typography.Text>
            ),
          },
          {
            title: t('console.audit.before'),
            key: 'before',
            render: (_, row) => cell(row.field, row.before, row.changed),
          },
          {
            title: t('console.audit.after'),
            key: 'after',
            render: (_, row) => cell(row.field, row.after, row.changed),
          },
        ]}
      />
      <Collapse
        ghost
        size="small"
        items={[
          {
            key: 'raw',
            label: t('console.audit.raw'),
            children: (
              <div className="audit-raw">
                <div>
                  <Typography.Text type="secondary">{t('console.audit.before')}</Typography.Text>
                  <JsonView value={before} />
                </div>
                <div>
                  <Typography.Text type="secondary">{t('console.audit.after')}</Typography.Text>
                  <JsonView value={after} />
                </div>
              </div>
            ),
          },
        ]}
      />
    </>
  );
}
