import { optionsConsoleCalls } from '@tidemark/contract';
import { Form, Input, InputNumber, Modal, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../ui/contract-rule';
import { rateAtMostOne } from '../../ui/format';
import { minMaxValid, returnRateAboveZero, type TermsValues } from './terms';
import { freshEachOpening } from '../../ui/fresh-dialog';

export interface PeriodFormValues extends TermsValues {
  /** Only when a period is added; an existing period keeps its length. */
  seconds?: number;
}

const add = optionsConsoleCalls.addOptionPeriod.input.shape;

/**
 * A period's terms: return and loss rate as fractions ("0.85"), the stake's minimum and maximum in
 * USDT, and whether it is offered. Checks what the server checks with the contract's own rules
 * (each field's schema, both rates at most 1, the return rate above 0, 0 < min <= max) before `onSubmit` is called; the
 * modal stays open until the caller closes it, so a refusal by the server keeps what was typed.
 */
function PeriodFormModalDialog({
  open,
  title,
  initial,
  withSeconds,
  pending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initial: PeriodFormValues;
  withSeconds: boolean;
  pending: boolean;
  onSubmit(values: PeriodFormValues): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PeriodFormValues>();
  const required: Rule = { required: true, whitespace: true, message: t('errors.requiredItems') };
  const terms = t('errors.optionTermsInvalid');
  const atMostOne: Rule = {
    validator: (_rule, value: string | undefined) =>
      !value || rateAtMostOne(value) ? Promise.resolve() : Promise.reject(new Error(terms)),
  };
  const aboveZero: Rule = {
    validator: (_rule, value: string | undefined) =>
      !value || returnRateAboveZero(value) ? Promise.resolve() : Promise.reject(new Error(terms)),
  };

  return (
    <Modal
      open={open}
      title={title}
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
            returnRate: values.returnRate.trim(),
            lossRate: values.lossRate.trim(),
            minAmount: values.minAmount.trim(),
            maxAmount: values.maxAmount.trim(),
          })
        }
      >
        {withSeconds ? (
          <Form.Item
            name="seconds"
            label={t('console.options.seconds')}
            rules={[{ required: true, message: t('errors.requiredItems') }]}
          >
            <InputNumber min={1} max={86_400} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ) : null}
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="returnRate"
            label={t('console.options.returnRate')}
            style={{ flex: 1 }}
            rules={[required, contractRule(add.returnRate), atMostOne, aboveZero]}
          >
            <Input inputMode="decimal" placeholder="0.85" />
          </Form.Item>
          <Form.Item
            name="lossRate"
            label={t('console.options.lossRate')}
            style={{ flex: 1 }}
            rules={[required, contractRule(add.lossRate), atMostOne]}
          >
            <Input inputMode="decimal" placeholder="1" />
          </Form.Item>
        </div>
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('console.options.rateHint')}
        </Typography.Paragraph>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="minAmount"
            label={t('console.options.minAmount')}
            style={{ flex: 1 }}
            rules={[required, contractRule(add.minAmount)]}
          >
            <Input inputMode="decimal" suffix="USDT" />
          </Form.Item>
          <Form.Item
            name="maxAmount"
            label={t('console.options.maxAmount')}
            style={{ flex: 1 }}
            dependencies={['minAmount']}
            rules={[
              required,
              contractRule(add.maxAmount),
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) => {
                  const min = getFieldValue('minAmount') as string | undefined;
                  return !value || !min || minMaxValid(min, value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(terms));
                },
              }),
            ]}
          >
            <Input inputMode="decimal" suffix="USDT" />
          </Form.Item>
        </div>
        <Form.Item name="enabled" label={t('console.options.offered')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Each opening a fresh form (freshEachOpening). */
export const PeriodFormModal = freshEachOpening(PeriodFormModalDialog);
