import {
  Badge,
  Button,
  Card,
  Col,
  Empty,
  List,
  Pagination,
  Row,
  Segmented,
  Space,
  Switch,
  Typography,
} from 'antd';
import type { ConsoleSupportConversation } from '@tidemark/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CannedRepliesModal } from '../../features/support/canned-replies';
import { Conversation } from '../../features/support/conversation';
import {
  useConversationSummary,
  useInbox,
  useSupportLive,
} from '../../features/support/support-api';
import { ServiceDesk } from '../../features/support/service-desk';
import { TraderSummary } from '../../features/support/trader-summary';
import { waitingText } from '../../features/support/waiting';
import { QueryError, QueryState } from '../../ui/query-state';
import { currentLanguage } from '../../ui/i18n';
import '../../features/support/support.css';

const STATUSES = ['open', 'closed', 'all'] as const;
type StatusFilter = (typeof STATUSES)[number];

/** Re-renders every 30 s, so waiting times move on screen. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function InboxItem({
  conversation,
  selected,
  now,
  onSelect,
}: {
  conversation: ConsoleSupportConversation;
  selected: boolean;
  now: number;
  onSelect(): void;
}) {
  const { t } = useTranslation();
  const last = conversation.lastMessage;
  const name =
    conversation.userId === null
      ? t('console.support.visitorNamed', { id: conversation.id })
      : conversation.account || `#${conversation.userId}`;
  return (
    <List.Item
      className={`support-inbox__item${selected ? ' support-inbox__item--selected' : ''}`}
      onClick={onSelect}
      data-conversation={conversation.id}
    >
      <div className="support-inbox__row">
        <Space size={6}>
          <Badge status={conversation.online ? 'success' : 'default'} />
          <Typography.Text strong ellipsis style={{ maxWidth: 180 }}>
            {name}
          </Typography.Text>
        </Space>
        <Badge count={conversation.unread} size="small" />
      </div>
      <Typography.Text type="secondary" ellipsis className="support-inbox__last">
        {last ? (last.content !== '' ? last.content : t('console.support.image')) : ''}
      </Typography.Text>
      <div className="support-inbox__row">
        {conversation.waitingSince !== null ? (
          <Typography.Text type="warning" className="support-inbox__wait">
            {t('console.support.waiting', {
              time: waitingText(now - conversation.waitingSince, currentLanguage()),
            })}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary" className="support-inbox__wait">
            {t('console.support.answered')}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" className="support-inbox__wait">
          {conversation.assignedTo
            ? conversation.assignedTo.username
            : t('console.support.unassigned')}
        </Typography.Text>
      </div>
    </List.Item>
  );
}

/**
 * The support inbox: conversations (waiting longest first) with unread counts and waiting times,
 * the chat with the selected trader, and the trader's summary beside it. Live: the inbox feed
 * refreshes everything shown when a message arrives or someone acts.
 */
export default function SupportPage() {
  const { t } = useTranslation();
  useSupportLive();
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as StatusFilter)
    : 'open';
  const mine = params.get('mine') === '1';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const selectedId = Number(params.get('id')) || null;
  const inbox = useInbox(status, mine, page);
  const summary = useConversationSummary(selectedId);
  const [cannedOpen, setCannedOpen] = useState(false);

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  return (
    <Row gutter={16} className="support-page">
      <Col xs={24} lg={7}>
        <Card
          title={t('console.support.inbox')}
          size="small"
          extra={
            <Button size="small" onClick={() => setCannedOpen(true)}>
              {t('console.support.canned')}
            </Button>
          }
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            <Segmented
              block
              value={status}
              options={STATUSES.map((s) => ({ value: s, label: t(`console.support.filter.${s}`) }))}
              onChange={(value) => update({ status: value === 'open' ? null : value, page: null })}
            />
            <Space>
              <Switch
                size="small"
                checked={mine}
                onChange={(on) => update({ mine: on ? '1' : null, page: null })}
              />
              <Typography.Text>{t('console.support.mine')}</Typography.Text>
            </Space>
            <QueryError error={inbox.error} retry={inbox.refetch} />
            <List
              className="support-inbox"
              loading={inbox.isPending}
              dataSource={inbox.data?.list ?? []}
              locale={{ emptyText: t('console.support.noConversations') }}
              renderItem={(c) => (
                <InboxItem
                  conversation={c}
                  selected={c.id === selectedId}
                  now={now}
                  onSelect={() => update({ id: String(c.id) })}
                />
              )}
            />
            {inbox.data && inbox.data.total > inbox.data.pageSize ? (
              <Pagination
                size="small"
                current={page}
                pageSize={inbox.data.pageSize}
                total={inbox.data.total}
                onChange={(p) => update({ page: p === 1 ? null : String(p) })}
              />
            ) : null}
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('console.support.chat')} className="support-page__chat">
          {selectedId === null ? (
            <Empty description={t('console.support.pick')} />
          ) : (
            // Keyed by the conversation: a draft (text, picture) never follows to another trader.
            <Conversation
              key={selectedId}
              id={selectedId}
              unread={summary.data?.conversation.unread ?? 0}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={7}>
        <Card size="small" title={t('console.support.summary')}>
          {selectedId === null ? (
            <Empty description={t('console.support.pick')} />
          ) : (
            <QueryState query={summary}>{(data) => <TraderSummary summary={data} />}</QueryState>
          )}
        </Card>
        <Card size="small" title={t('console.support.desk')}>
          <ServiceDesk />
        </Card>
      </Col>
      <CannedRepliesModal open={cannedOpen} onClose={() => setCannedOpen(false)} />
    </Row>
  );
}
