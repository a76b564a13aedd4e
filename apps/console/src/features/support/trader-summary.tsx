import type { ConsoleCallOutput, supportConsoleCalls } from '@tidemark/contract';
import { Badge, Button, Descriptions, List, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../session/session-api';
import { formatAmount, formatTime } from '../../ui/format';
import { StatusTag } from '../../ui/status-tag';
import { UserLink } from '../../ui/user-link';
import { useAssign, useSetStatus, useSupportAgents } from './support-api';

type Summary = ConsoleCallOutput<typeof supportConsoleCalls.supportConversation>;

const KYC_STATE_COLOR: Record<string, string> = {
  notCertified: 'default',
  certifying: 'processing',
  failed: 'error',
  verified: 'success',
};

/** Beside the chat: who the trader is (verification, open withdrawals, loans), and the conversation's owner and state. */
export function TraderSummary({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  const me = useOperator();
  const agents = useSupportAgents();
  const assign = useAssign();
  const setStatus = useSetStatus();
  const { conversation, trader } = summary;
  const closed = conversation.status === 'closed';

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Descriptions size="small" column={1} bordered className="support-summary">
        <Descriptions.Item label={t('console.support.trader')}>
          {trader ? (
            <UserLink userId={trader.userId} account={trader.account} />
          ) : (
            t('console.support.visitor')
          )}
        </Descriptions.Item>
        {trader ? (
          <>
            <Descriptions.Item label={t('console.support.nickname')}>
              {trader.nickname}
            </Descriptions.Item>
            <Descriptions.Item label={t('console.support.online')}>
              <Badge
                status={conversation.online ? 'success' : 'default'}
                text={
                  conversation.online
                    ? t('console.support.onlineNow')
                    : t('console.support.lastSeen', { time: formatTime(trader.lastSeenAt) })
                }
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('console.support.primary')}>
              <Badge
                status={KYC_STATE_COLOR[trader.primary] as 'default'}
                text={t(`console.support.kyc.${trader.primary}`)}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('console.support.advanced')}>
              <Badge
                status={KYC_STATE_COLOR[trader.advanced] as 'default'}
                text={t(`console.support.kyc.${trader.advanced}`)}
              />
            </Descriptions.Item>
          </>
        ) : null}
        <Descriptions.Item label={t('console.support.assignedTo')}>
          <Select
            style={{ width: '100%' }}
            allowClear
            placeholder={t('console.support.unassigned')}
            value={conversation.assignedTo?.id ?? null}
            loading={agents.isPending || assign.isPending}
            options={(agents.data ?? []).map((a) => ({
              value: a.id,
              label: a.id === me.id ? t('console.support.me', { name: a.username }) : a.username,
            }))}
            onChange={(value: number | undefined) =>
              assign.mutate({ id: conversation.id, operatorId: value ?? null })
            }
          />
        </Descriptions.Item>
        <Descriptions.Item label={t('console.support.statusLabel')}>
          <Space>
            <Typography.Text>{t(`console.support.status.${conversation.status}`)}</Typography.Text>
            <Button
              size="small"
              loading={setStatus.isPending}
              onClick={() =>
                setStatus.mutate({ id: conversation.id, status: closed ? 'open' : 'closed' })
              }
            >
              {t(closed ? 'console.support.reopen' : 'console.support.close')}
            </Button>
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {trader ? (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('console.support.openWithdrawals')}
          </Typography.Title>
          <List
            size="small"
            bordered
            dataSource={trader.openWithdrawals}
            locale={{ emptyText: t('console.support.noWithdrawals') }}
            renderItem={(w) => (
              <List.Item>
                <Space wrap>
                  <span>#{w.id}</span>
                  <span>
                    {formatAmount(w.amount)} {w.currency}
                  </span>
                  <StatusTag group="withdrawal" status={w.status} />
                  <Typography.Text type="secondary">{formatTime(w.at)}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('console.support.loans')}
          </Typography.Title>
          <List
            size="small"
            bordered
            dataSource={trader.loans}
            locale={{ emptyText: t('console.support.noLoans') }}
            renderItem={(l) => (
              <List.Item>
                <Space wrap>
                  <span>#{l.id}</span>
                  <span>
                    {formatAmount(l.amount)} {l.currency}
                  </span>
                  <Tag>{t(`console.support.loan.${l.status}`)}</Tag>
                  {l.dueAt !== null ? (
                    <Typography.Text type="secondary">
                      {t('console.support.loanDue', { time: formatTime(l.dueAt) })}
                    </Typography.Text>
                  ) : null}
                </Space>
              </List.Item>
            )}
          />
        </>
      ) : null}
    </Space>
  );
}
