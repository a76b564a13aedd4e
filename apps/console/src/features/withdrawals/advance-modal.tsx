import { Descriptions, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../ui/amount';
import type { WithdrawalRecord, WithdrawalStatus } from '../../api/types';

/**
 * Confirms moving a withdrawal on, naming the step it goes to; completing it asks for the
 * transaction hash of the payout.
 */
export function AdvanceModal({
  withdrawal,
  next,
  pending,
  onSubmit,
  onCancel,
}: {
  withdrawal: WithdrawalRecord | null;
  next: WithdrawalStatus | null;
  pending: boolean;
  onSubmit(txHash: string | undefined): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ txHash?: string }>();
  const completing = next === 'completed';
  return (
    <Modal
      open={withdrawal !== null && next !== null}
      title={t('console.withdrawals.advanceTitle', {
        id: withdrawal?.id ?? '',
        step: next ? t(`console.status.withdrawal.${next}`) : '',
      })}
      okText={t('console.withdrawals.advanceTo', {
        step: next ? t(`console.status.withdrawal.${next}`) : '',
      })}
      cancelText={t('console.common.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      {withdrawal ? (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'amount',
              label: t('console.common.amount'),
              children: <Amount value={withdrawal.amount} currency={withdrawal.currency} />,
            },
            {
              key: 'fee',
              label: t('console.withdrawals.fee'),
              children: <Amount value={withdrawal.fee} currency={withdrawal.currency} />,
            },
            { key: 'chain', label: t('console.common.chain'), children: withdrawal.chain },
            {
              key: 'address',
              label: t('console.withdrawals.address'),
              children: <span className="mono">{withdrawal.address}</span>,
            },
          ]}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => onSubmit(values.txHash?.trim() || undefined)}
      >
        {completing ? (
          <Form.Item
            name="txHash"
            label={t('console.withdrawals.txHash')}
            extra={t('console.withdrawals.txHashHint')}
            rules={[{ max: 128 }]}
          >
            <Input className="mono" maxLength={128} autoFocus />
          </Form.Item>
        ) : (
          <p>{t('console.withdrawals.advanceText')}</p>
        )}
      </Form>
    </Modal>
  );
}
