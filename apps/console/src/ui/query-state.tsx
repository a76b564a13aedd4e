import { Alert, Button, Empty, Spin } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client';

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch(): unknown;
}

/** antd's spinner with the loading text, in a box of `className` (its size and place). */
export function Loading({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <Spin description={t('console.common.loading')}>
        <div className="query-state-spin" />
      </Spin>
    </div>
  );
}

/** What a read's failure says, with a button that tries again. */
function FailureAlert({
  error,
  retry,
  style,
}: {
  error: unknown;
  retry(): unknown;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      title={errorMessage(error)}
      action={
        <Button size="small" onClick={() => void retry()}>
          {t('console.common.retry')}
        </Button>
      }
    />
  );
}

/** A read's loading, failure (with retry) and empty states; renders children once there is data. */
export function QueryState<T>(props: {
  query: QueryLike<T>;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { query } = props;
  if (query.isPending) return <Loading className="query-state" />;
  if (query.error || query.data === undefined) {
    return <FailureAlert error={query.error} retry={query.refetch} />;
  }
  if (props.isEmpty?.(query.data)) {
    return <Empty description={t('console.common.empty')} />;
  }
  return <>{props.children(query.data)}</>;
}

/** The failure of a read shown above a table that keeps its own loading and empty states. */
export function QueryError({ error, retry }: { error: unknown; retry(): unknown }) {
  if (!error) return null;
  return <FailureAlert error={error} retry={retry} style={{ marginBottom: 16 }} />;
}
