import { Alert, Input, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOutbox } from '../../features/outbox/outbox-api';
import { formatTime } from '../../ui/format';
import { PagedTable } from '../../ui/paged-table';
import { positiveInt, useSearchState } from '../../ui/use-search-state';
import type { OutboxMessage } from '../../api/types';

const DEFAULTS = { to: '', page: '1' } as const;
const PAGE_SIZE = 20;

/** The verification codes the embedded set-up "sent" (written to the outbox), newest first. */
export default function OutboxPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const page = positiveInt(search.page, 1);
  const outbox = useOutbox({ to: search.to || undefined, page, pageSize: PAGE_SIZE });

  const columns: TableColumnsType<OutboxMessage> = [
    { title: t('console.common.time'), key: 'at', render: (_, m) => formatTime(m.at) },
    {
      title: t('console.outbox.channel'),
      key: 'channel',
      render: (_, m) => <Tag>{t(`console.outbox.channels.${m.channel}`)}</Tag>,
    },
    { title: t('console.outbox.to'), dataIndex: 'to' },
    {
      title: t('console.outbox.code'),
      key: 'code',
      render: (_, m) => (
        <Typography.Text strong copyable className="mono" style={{ fontSize: 16 }}>
          {m.code}
        </Typography.Text>
      ),
    },
    { title: t('console.outbox.text'), dataIndex: 'text' },
  ];

  return (
    <>
      <Alert type="info" showIcon title={t('console.outbox.hint')} style={{ marginBottom: 16 }} />
      <div className="toolbar">
        <Input.Search
          key={search.to}
          defaultValue={search.to}
          placeholder={t('console.outbox.searchPlaceholder')}
          allowClear
          onSearch={(value) => setSearch({ to: value.trim() })}
          style={{ width: 320 }}
        />
      </div>
      <PagedTable<OutboxMessage>
        size="small"
        query={outbox}
        columns={columns}
        // The outbox refetches by itself every ten seconds: only the first load shows the spinner.
        loading={outbox.isFetching && !outbox.data}
        emptyText={t('console.outbox.empty')}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => setSearch({ page: String(next) })}
      />
    </>
  );
}
