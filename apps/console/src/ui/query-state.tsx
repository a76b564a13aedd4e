import { Alert, Button, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client';

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch(): unknown;
}

/** A read's loading, failure (with retry) and empty states; renders children once there is data. */
export function QueryState<T>(props: {
  query: QueryLike<T>;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { query } = props;
  if (query.isPending) {
    return (
      <div className="query-state">
        <Spin description={t('console.common.loading')}>
          <div className="query-state-spin" />
        </Spin>
      </div>
    );
  }
  if (query.error || query.data === undefined) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(query.error)}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('console.common.retry')}
          </Button>
        }
      />
    );
  }
  if (props.isEmpty?.(query.data)) {
    return <Empty description={t('console.common.empty')} />;
  }
  return <>{props.children(query.data)}</>;
}

/** The failure of a read shown above a table that keeps its own loading and empty states. */
export function QueryError({ error, retry }: { error: unknown; retry(): unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={errorMessage(error)}
      action={
        <Button size="small" onClick={() => void retry()}>
          {t('console.common.retry')}
        </Button>
      }
    />
  );
}
