import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { App, Button, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../ui/format';
import { StatusTag } from '../../ui/status-tag';

/** The approve button of a queued record; a confirmation comes next. */
export function ApproveButton({ children, onClick }: { children: ReactNode; onClick(): void }) {
  return (
    <Button
      type="primary"
      size="small"
      block
      icon={<CheckOutlined />}
      data-testid="approve"
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** The reject button of a queued record; the reason is asked for next. */
export function RejectButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Button
      danger
      size="small"
      block
      icon={<CloseOutlined />}
      data-testid="reject"
      onClick={onClick}
    >
      {t('console.common.reject')}
    </Button>
  );
}

/** Asks before an approval; the OK button waits for `approve`, the call. */
export function useConfirmApproval() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (
    texts: { title: string; content: string; okText: string },
    approve: () => Promise<unknown>,
  ) => modal.confirm({ ...texts, cancelText: t('console.common.cancel'), onOk: approve });
}

/** How a decided record ended: its state, when, why (when refused) and any further detail. */
export function DecisionCell(props: {
  group: string;
  status: string;
  at: number | null;
  reason: string | null;
  children?: ReactNode;
}) {
  return (
    <Space orientation="vertical" size={2}>
      <StatusTag group={props.group} status={props.status} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatTime(props.at)}
      </Typography.Text>
      {props.reason ? <Typography.Text>{props.reason}</Typography.Text> : null}
      {props.children}
    </Space>
  );
}
