import { financialConsoleCalls, QUOTE_CURRENCY, type AccountMode } from '@tidemark/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../ui/contract-rule';
import { notifySuccess } from '../../ui/notify';
import { useFundYieldReserve } from './financial-api';

/** Moves USDT from a book's treasury to its yield reserve: one ledger transfer, audited. */
export function FundReserveModal({ book, onClose }: { book: AccountMode | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: string }>();
  const fund = useFundYieldReserve();
  return (
    <Modal
      open={book !== null}
      title={book ? t('console.financial.fundTitle', { book: t(`console.books.${book}`) }) : ''}
      okText={t('console.financial.fund')}
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
                notifySuccess(t('console.financial.funded'));
                onClose();
              },
            },
          )
        }
      >
        <Typography.Paragraph type="secondary">
          {t('console.financial.fundHint')}
        </Typography.Paragraph>
        <Form.Item
          name="amount"
          label={t('console.common.amount')}
          rules={[
            { required: true, whitespace: true, message: t('errors.requiredItems') },
            contractRule(financialConsoleCalls.fundYieldReserve.input.shape.amount),
          ]}
        >
          <Input inputMode="decimal" suffix={QUOTE_CURRENCY} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
