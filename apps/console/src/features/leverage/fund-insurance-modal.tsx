import { leverageConsoleCalls, QUOTE_CURRENCY } from '@tidemark/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../ui/contract-rule';
import { notifySuccess } from '../../ui/notify';
import { useFundInsurance } from './leverage-api';
import type { LeverageBook } from './leverage-types';

/**
 * Moves USDT from a book's treasury to its insurance fund: one ledger transfer, audited. The
 * amount is checked with the contract's rule; a treasury that is short is the server's refusal.
 */
export function FundInsuranceModal({
  book,
  onClose,
}: {
  book: LeverageBook | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: string }>();
  const fund = useFundInsurance();
  return (
    <Modal
      open={book !== null}
      title={book ? t('console.leverage.fundTitle', { book: t(`console.books.${book}`) }) : ''}
      okText={t('console.leverage.fund')}
      cancelText={t('console.common.cancel')}
      okButtonProps={{ loading: fund.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ amount }) =>
          book &&
          fund.mutate(
            { book, amount: amount.trim() },
            {
              onSuccess: () => {
                notifySuccess(t('console.leverage.funded'));
                onClose();
              },
            },
          )
        }
      >
        <Typography.Paragraph type="secondary">
          {t('console.leverage.fundHint')}
        </Typography.Paragraph>
        <Form.Item
          name="amount"
          label={t('console.common.amount')}
          rules={[
            { required: true, whitespace: true, message: t('errors.requiredItems') },
            contractRule(leverageConsoleCalls.fundInsurance.input.shape.amount),
          ]}
        >
          <Input inputMode="decimal" suffix={QUOTE_CURRENCY} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
