import { AUDIT_ACTIONS, AUDIT_TARGETS } from '@tidemark/contract';
import { Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuditLog } from '../../features/audit/audit-api';
import { auditTargetLabel } from '../../features/audit/audit-target';
import { formatTime } from '../../ui/format';
import { AuditChanges } from '../../ui/audit-changes';
import { PagedTable } from '../../ui/paged-table';
import { positiveInt, useSearchState } from '../../ui/use-search-state';
import type { AuditEntry } from '../../api/types';

const DEFAULTS = { action: '', targetType: '', targetId: '', page: '1' } as const;
const PAGE_SIZE = 20;

/** The append-only audit log, newest first; each row opens what changed, field by field. */
export default function AuditPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const page = positiveInt(search.page, 1);
  const audit = useAuditLog({
    action: search.action || undefined,
    targetType: search.targetType || undefined,
    targetId: search.targetId || undefined,
    page,
    pageSize: PAGE_SIZE,
  });

  const columns: TableColumnsType<AuditEntry> = [
    {
      title: t('console.common.time'),
      key: 'createdAt',
      render: (_, a) => formatTime(a.createdAt),
    },
    {
      title: t('console.audit.operator'),
      key: 'operator',
      render: (_, a) =>
        a.operatorUsername ?? (
          <Typography.Text type="secondary">{t('console.audit.system')}</Typography.Text>
        ),
    },
    {
      title: t('console.audit.action'),
      key: 'action',
      render: (_, a) => (
        // A long label wraps inside its column instead of running over the target's.
        <Tag color="blue" title={a.action} style={{ whiteSpace: 'normal' }}>
          {t(`console.audit.actions.${a.action}`, { defaultValue: a.action })}
        </Tag>
      ),
    },
    {
      title: t('console.audit.target'),
      key: 'target',
      // What the entry is about by name; the stored type and id (what the filters take) on hover.
      render: (_, a) => {
        const label = auditTargetLabel(a);
        const stored = `${a.targetType} ${a.targetId}`;
        return a.targetType === 'user' && /^\d+$/.test(a.targetId) ? (
          <Link to={`/users/${a.targetId}`} title={stored}>
            {label}
          </Link>
        ) : (
          <span title={stored}>{label}</span>
        );
      },
    },
    {
      title: t('console.common.reason'),
      key: 'reason',
      ellipsis: { showTitle: true },
      render: (_, a) => a.reason ?? '-',
    },
    { title: t('console.audit.ip'), dataIndex: 'ip' },
  ];

  return (
    <>
      <div className="toolbar">
        <Select
          value={search.targetType}
          onChange={(value) => setSearch({ targetType: value })}
          style={{ width: 180 }}
          aria-label={t('console.audit.target')}
          options={[
            { value: '', label: t('console.audit.allTargets') },
            ...AUDIT_TARGETS.map((target) => ({
              value: target,
              label: t(`console.audit.targets.${target}`),
            })),
          ]}
        />
        <Input.Search
          key={`target-${search.targetId}`}
          defaultValue={search.targetId}
          placeholder={t('console.audit.targetId')}
          allowClear
          onSearch={(value) => setSearch({ targetId: value.trim() })}
          style={{ width: 180 }}
        />
        <Select
          value={search.action}
          onChange={(value) => setSearch({ action: value })}
          style={{ width: 260 }}
          aria-label={t('console.audit.action')}
          showSearch={{ optionFilterProp: 'label' }}
          options={[
            { value: '', label: t('console.audit.allActions') },
            ...AUDIT_ACTIONS.map((action) => ({
              value: action,
              label: t(`console.audit.actions.${action}`),
            })),
          ]}
        />
      </div>
      <PagedTable<AuditEntry>
        size="small"
        query={audit}
        columns={columns}
        emptyText={t('console.common.empty')}
        expandable={{
          expandedRowRender: (a) => (
            <>
              <div className="audit-target">
                <Typography.Text type="secondary">
                  {t('console.audit.storedTarget')}
                </Typography.Text>
                <Typography.Text code>{a.targetType}</Typography.Text>
                <Typography.Text code copyable>
                  {a.targetId}
                </Typography.Text>
              </div>
              <AuditChanges before={a.before} after={a.after} />
            </>
          ),
        }}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => setSearch({ page: String(next) })}
      />
    </>
  );
}
