import {
  FINANCIAL_TIERS,
  financialConsoleCalls,
  trimDecimal,
  type ConsoleMoneyProduct,
} from '@tidemark/contract';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../ui/contract-rule';
import { freshEachOpening } from '../../ui/fresh-dialog';
import { termsProblems, type TermsField } from './product-terms';

const add = financialConsoleCalls.addMoneyProduct.input.shape;

export interface ProductFormValues {
  tier: (typeof FINANCIAL_TIERS)[number];
  name: string;
  days: number;
  dailyRate: string;
  minAmount: string;
  maxAmount: string;
  capacity: string;
  dividendTime: string;
  timeZone: string;
  penaltyRate: string;
  lock: boolean;
  enabled: boolean;
  /** The sale window as the operator's local date and time (datetime-local), empty for open. */
  saleStart: string;
  saleEnd: string;
}

/** An instant as a datetime-local value in the browser's zone ("2026-11-24T09:30"). */
function localInput(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function valuesOf(p: ConsoleMoneyProduct | null): ProductFormValues {
  return p
    ? {
        tier: p.tier,
        name: p.name,
        days: p.days,
        dailyRate: trimDecimal(p.dailyRate),
        minAmount: trimDecimal(p.minAmount),
        maxAmount: trimDecimal(p.maxAmount),
        capacity: trimDecimal(p.capacity),
        dividendTime: p.dividendTime,
        timeZone: p.timeZone,
        penaltyRate: trimDecimal(p.penaltyRate),
        lock: p.lock,
        enabled: p.enabled,
        saleStart: localInput(p.saleStart),
        saleEnd: localInput(p.saleEnd),
      }
    : {
        tier: 'beginner',
        name: '',
        days: 7,
        dailyRate: '0.0002',
        minAmount: '10',
        maxAmount: '5000',
        capacity: '1000000',
        dividendTime: '00:00',
        timeZone: 'UTC',
        penaltyRate: '0.005',
        lock: false,
        enabled: true,
        saleStart: '',
        saleEnd: '',
      };
}

/** The input of the add and set calls from the form (the sale window as epoch ms, or cleared). */
export function inputOf(v: ProductFormValues) {
  return {
    tier: v.tier,
    name: v.name.trim(),
    days: v.days,
    dailyRate: v.dailyRate.trim(),
    minAmount: v.minAmount.trim(),
    maxAmount: v.maxAmount.trim(),
    capacity: v.capacity.trim(),
    dividendTime: v.dividendTime.trim(),
    timeZone: v.timeZone.trim(),
    penaltyRate: v.penaltyRate.trim(),
    lock: v.lock,
    enabled: v.enabled,
    saleStart: v.saleStart ? new Date(v.saleStart).getTime() : null,
    saleEnd: v.saleEnd ? new Date(v.saleEnd).getTime() : null,
  };
}

/**
 * A package's terms, every one of them: tier, name, days, daily rate (a fraction, "0.0002"),
 * minimum, single-order maximum, capacity, dividend time (HH:mm) in an IANA time zone, penalty
 * rate, lock, sale window and whether it is offered. Each field is checked with the contract's
 * schema, and the rules across fields (product-terms.ts) at the field to change, each text naming
 * it: minimum, maximum per order, capacity (not below what is sold) and sale end. Changes apply
 * to orders placed afterwards only.
 */
function ProductFormModalDialog({
  open,
  title,
  initial,
  sold = '0',
  pending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initial: ProductFormValues;
  /** What the package's open orders already hold (its fuller book): the least capacity. */
  sold?: string;
  pending: boolean;
  onSubmit(values: ProductFormValues): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProductFormValues>();
  const required: Rule = { required: true, message: t('errors.requiredItems') };
  const zones = Intl.supportedValuesOf('timeZone');
  // A rule across the terms, shown at `field` with a text that names it.
  const across = (field: TermsField): Rule => ({
    validator: () => {
      const problem = termsProblems(form.getFieldsValue(true) as ProductFormValues, sold)[field];
      return problem
        ? Promise.reject(new Error(t(`console.financial.rules.${problem.key}`, problem.params)))
        : Promise.resolve();
    },
  });
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
      width={620}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initial}
        onFinish={onSubmit}
      >
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="tier"
            label={t('console.financial.tier')}
            rules={[required]}
            style={{ flex: 1 }}
          >
            <Select
              options={FINANCIAL_TIERS.map((x) => ({
                value: x,
                label: t(`console.financial.tiers.${x}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('console.financial.name')}
            rules={[required, contractRule(add.name)]}
            style={{ flex: 2 }}
          >
            <Input maxLength={60} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="days"
            label={t('console.financial.days')}
            rules={[required]}
            style={{ flex: 1 }}
          >
            <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="dailyRate"
            label={t('console.financial.dailyRate')}
            rules={[required, contractRule(add.dailyRate)]}
            style={{ flex: 1 }}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name="penaltyRate"
            label={t('console.financial.penaltyRate')}
            rules={[required, contractRule(add.penaltyRate)]}
            style={{ flex: 1 }}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="minAmount"
            label={t('console.financial.minAmount')}
            rules={[required, contractRule(add.minAmount), across('minAmount')]}
            dependencies={['maxAmount']}
            style={{ flex: 1 }}
          >
            <Input inputMode="decimal" suffix="USDT" />
          </Form.Item>
          <Form.Item
            name="maxAmount"
            label={t('console.financial.maxAmount')}
            rules={[required, contractRule(add.maxAmount), across('maxAmount')]}
            dependencies={['capacity']}
            style={{ flex: 1 }}
          >
            <Input inputMode="decimal" suffix="USDT" />
          </Form.Item>
          <Form.Item
            name="capacity"
            label={t('console.financial.capacity')}
            rules={[required, contractRule(add.capacity), across('capacity')]}
            dependencies={['minAmount']}
            style={{ flex: 1 }}
          >
            <Input inputMode="decimal" suffix="USDT" />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="dividendTime"
            label={t('console.financial.dividendTime')}
            rules={[required, contractRule(add.dividendTime)]}
            style={{ flex: 1 }}
          >
            <Input placeholder="HH:mm" />
          </Form.Item>
          <Form.Item
            name="timeZone"
            label={t('console.financial.timeZone')}
            rules={[required]}
            style={{ flex: 2 }}
          >
            <Select showSearch options={zones.map((z) => ({ value: z, label: z }))} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item name="saleStart" label={t('console.financial.saleStart')} style={{ flex: 1 }}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item
            name="saleEnd"
            label={t('console.financial.saleEnd')}
            rules={[across('saleEnd')]}
            dependencies={['saleStart']}
            style={{ flex: 1 }}
          >
            <Input type="datetime-local" />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 24 }}>
          <Form.Item name="lock" label={t('console.financial.lock')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t('console.financial.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

/** Each opening a fresh form (freshEachOpening). */
export const ProductFormModal = freshEachOpening(ProductFormModalDialog);
