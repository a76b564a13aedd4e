import { leverageConsoleCalls } from '@tidemark/contract';
import { Form, Input, Modal, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../ui/contract-rule';
import { termFieldValid, type ContractTermsValues, type TermsAmountField } from './terms';
import { freshEachOpening } from '../../ui/fresh-dialog';

const shape = leverageConsoleCalls.setLeverageTerms.input.shape;

/**
 * The contract terms of positions opened from now on: price per lot, opening and closing fee
 * rates, maintenance level, negative balance protection. Checked with the contract's own rule
 * before `onSubmit`; the modal stays open until the caller closes it, so a refusal keeps what was
 * typed.
 */
function TermsFormModalDialog({
  open,
  initial,
  pending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  initial: ContractTermsValues;
  pending: boolean;
  onSubmit(values: ContractTermsValues): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContractTermsValues>();
  const required: Rule = { required: true, whitespace: true, message: t('errors.requiredItems') };
  // Each field by its own part of the contract's rule, with a text about that field: one bad
  // value marks one field, not all four.
  const own = (name: TermsAmountField): Rule => ({
    validator: (_rule, value: unknown) =>
      typeof value !== 'string' || value.trim() === '' || termFieldValid(name, value)
        ? Promise.resolve()
        : Promise.reject(
            new Error(
              t(
                name === 'lotPrice'
                  ? 'console.leverage.lotPriceInvalid'
                  : 'console.leverage.rateInvalid',
                { field: t(`console.leverage.${name}`) },
              ),
            ),
          ),
  });
  const field = (name: keyof typeof shape & TermsAmountField, suffix?: string) => (
    <Form.Item
      name={name}
      label={t(`console.leverage.${name}`)}
      style={{ flex: 1 }}
      rules={[required, contractRule(shape[name]), own(name)]}
    >
      <Input inputMode="decimal" suffix={suffix} />
    </Form.Item>
  );
  return (
    <Modal
      open={open}
      title={t('console.leverage.editTerms')}
      okText={t('console.common.save')}
      cancelText={t('console.common.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => form.resetFields()}
      width={520}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initial}
        onFinish={(values) =>
          onSubmit({
            ...values,
            lotPrice: values.lotPrice.trim(),
            openFeeRate: values.openFeeRate.trim(),
            closeFeeRate: values.closeFeeRate.trim(),
            maintenanceRate: values.maintenanceRate.trim(),
          })
        }
      >
        <Typography.Paragraph type="secondary">
          {t('console.leverage.futureOnly')}
        </Typography.Paragraph>
        {field('lotPrice', 'USDT')}
        <div style={{ display: 'flex', gap: 12 }}>
          {field('openFeeRate')}
          {field('closeFeeRate')}
        </div>
        {field('maintenanceRate')}
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('console.leverage.rateHint')}
        </Typography.Paragraph>
        <Form.Item
          name="negativeBalanceProtection"
          label={t('console.leverage.negativeBalanceProtection')}
          valuePropName="checked"
          extra={t('console.leverage.protectionHint')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Each opening a fresh form (freshEachOpening). */
export const TermsFormModal = freshEachOpening(TermsFormModalDialog);
