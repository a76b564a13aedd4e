import { leverageConsoleCalls, trimDecimal, type MemberTier } from '@tidemark/contract';
import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../ui/contract-rule';
import type { LeverageTierRow } from './leverage-types';
import { tierChangeValid } from './terms';

const shape = leverageConsoleCalls.setLeverageTier.input.shape;

export interface TierFormValues {
  threshold: string;
  maxMultiple: number;
}

/**
 * One member tier's 30-day volume threshold and maximum multiple, for positions opened from now
 * on; the tiers must stay in order (the contract's rule), which is checked before `onSubmit`.
 */
export function TierFormModal({
  tier,
  tiers,
  pending,
  onSubmit,
  onClose,
}: {
  tier: MemberTier | null;
  tiers: readonly LeverageTierRow[];
  pending: boolean;
  onSubmit(tier: MemberTier, values: TierFormValues): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TierFormValues>();
  const row = tiers.find((x) => x.tier === tier);
  const ordered = () => ({
    validator: () => {
      const v = form.getFieldsValue() as Partial<TierFormValues>;
      return tier && tierChangeValid(tiers, tier, v.threshold ?? '', Number(v.maxMultiple))
        ? Promise.resolve()
        : Promise.reject(new Error(t('console.leverage.tiersInvalid')));
    },
  });
  return (
    <Modal
      open={tier !== null}
      title={tier ? t('console.leverage.editTier', { tier: t(`account.tiers.${tier}`) }) : ''}
      okText={t('console.common.save')}
      cancelText={t('console.common.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      {row ? (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ threshold: trimDecimal(row.threshold), maxMultiple: row.maxMultiple }}
          onFinish={(values) =>
            tier && onSubmit(tier, { ...values, threshold: values.threshold.trim() })
          }
        >
          <Typography.Paragraph type="secondary">
            {t('console.leverage.futureOnly')}
          </Typography.Paragraph>
          <Form.Item
            name="threshold"
            label={t('console.leverage.threshold')}
            rules={[
              { required: true, whitespace: true, message: t('errors.requiredItems') },
              contractRule(shape.threshold),
              ordered,
            ]}
          >
            <Input inputMode="decimal" suffix="USDT" />
          </Form.Item>
          <Form.Item
            name="maxMultiple"
            label={t('console.leverage.maxMultiple')}
            rules={[{ required: true, message: t('errors.requiredItems') }, ordered]}
          >
            <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
