import { SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../ui/format';
import { useLedgerCheck } from './ledger-api';

/** Runs the platform's invariant check (the same as `npm run ledger:check`) and shows its result. */
export function CheckCard() {
  const { t } = useTranslation();
  const check = useLedgerCheck();
  const report = check.data;
  return (
    <Card
      title={t('console.ledger.checkTitle')}
      extra={
        <Button
          type="primary"
          icon={<SafetyOutlined />}
          loading={check.isPending}
          onClick={() => check.mutate({})}
        >
          {t('console.ledger.runCheck')}
        </Button>
      }
    >
      {!report ? (
        <Typography.Text type="secondary">{t('console.ledger.checkHint')}</Typography.Text>
      ) : (
        <Alert
          type={report.ok ? 'success' : 'error'}
          showIcon
          data-testid="ledger-check-result"
          title={t(report.ok ? 'console.ledger.clean' : 'console.ledger.findings', {
            count: report.problems.length,
          })}
          description={
            <>
              <Typography.Text type="secondary">
                {t('console.ledger.checked', {
                  accounts: report.accounts,
                  transactions: report.transactions,
                  entries: report.entries,
                  time: formatTime(report.checkedAt),
                })}
              </Typography.Text>
              {report.problems.length ? (
                <List
                  size="small"
                  dataSource={report.problems}
                  renderItem={(problem) => (
                    <List.Item>
                      <Typography.Text strong>{problem.kind}</Typography.Text>
                      <Typography.Text className="mono">{problem.detail}</Typography.Text>
                    </List.Item>
                  )}
                />
              ) : null}
            </>
          }
        />
      )}
    </Card>
  );
}
