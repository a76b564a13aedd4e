import { optionsConsoleCalls, QUOTE_CURRENCY } from '@tidemark/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../ui/contract-rule';
import { notifySuccess } from '../../ui/notify';
import { useFundOptionPool } from './options-api';
import type { OptionBook } from './options-types';

/**
 * Moves USDT from a book's treasury to its options pool: one ledger transfer, audited. The amount
 * is checked with the contract's rule; a treasury that is short is the server's refusal to show.
 */
export function FundPoolModal({ book, onClose }: { book: OptionBook | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: string }>();
  const fund = useFundOptionPool();
  return (
    <Modal
      open={book !== null}
      title={book ? t('console.options.fundTitle', { book: t(`console.books.${book}`) }) : ''}
      okText={t('console.options.fund')}
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
                notifySuccess(t('console.options.funded'));
                onClose();
              },
            },
          )
        }
      >
        <Typography.Paragraph type="secondary">
          {t('console.options.fundHint')}
        </Typography.Paragraph>
        <Form.Item
          name="amount"
          label={t('console.common.amount')}
          rules={[
            { required: true, whitespace: true, message: t('errors.requiredItems') },
            contractRule(optionsConsoleCalls.fundOptionPool.input.shape.amount),
          ]}
        >
          <Input inputMode="decimal" suffix={QUOTE_CURRENCY} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
