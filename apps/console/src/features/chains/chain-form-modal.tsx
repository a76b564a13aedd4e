import {
  ADDRESS_FORMATS,
  isAddressFormat,
  isAddressShapeValid,
  consoleCalls,
  trimDecimal,
} from '@tidemark/contract';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../ui/contract-rule';
import { notifySuccess } from '../../ui/notify';
import { useAddChain, useEditChain } from './chains-api';
import type { ChainRecord } from '../../api/types';
import { freshEachOpening } from '../../ui/fresh-dialog';

interface Values {
  currency: string;
  chain: string;
  addressFormat: string;
  depositAddress: string;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  withdrawFee: string;
  withdrawMin: string;
  sort: number;
}

/**
 * Adds a currency on a chain, or edits one (currency, chain and format stay as they are). The
 * form checks what the browser can; the server's refusal (a taken pair, a bad checksum) is shown
 * as a message and the modal stays open.
 */
function ChainFormModalDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  /** The chain being edited; null adds a new one. */
  editing: ChainRecord | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const add = useAddChain();
  const edit = useEditChain();
  const format = Form.useWatch('addressFormat', form);
  const chainValue = Form.useWatch('chain', form);

  const initialValues: Partial<Values> = editing
    ? {
        currency: editing.currency,
        chain: editing.chain,
        addressFormat: editing.addressFormat,
        depositAddress: editing.depositAddress,
        depositEnabled: editing.depositEnabled,
        withdrawEnabled: editing.withdrawEnabled,
        withdrawFee: trimDecimal(editing.withdrawFee),
        withdrawMin: trimDecimal(editing.withdrawMin),
        sort: editing.sort,
      }
    : { depositEnabled: true, withdrawEnabled: true, withdrawFee: '0', withdrawMin: '0', sort: 0 };

  const required: Rule = { required: true, whitespace: true, message: t('errors.requiredItems') };

  const submit = (values: Values) => {
    const common = {
      depositAddress: values.depositAddress.trim(),
      depositEnabled: values.depositEnabled,
      withdrawEnabled: values.withdrawEnabled,
      withdrawFee: values.withdrawFee.trim(),
      withdrawMin: values.withdrawMin.trim(),
      sort: values.sort,
    };
    const done = () => {
      notifySuccess(t(editing ? 'console.chains.saved' : 'console.chains.added'));
      onClose();
    };
    if (editing) edit.mutate({ id: editing.id, ...common }, { onSuccess: done });
    else
      add.mutate(
        {
          currency: values.currency.trim(),
          chain: values.chain.trim(),
          addressFormat: values.addressFormat as (typeof ADDRESS_FORMATS)[number],
          ...common,
        },
        { onSuccess: done },
      );
  };

  return (
    <Modal
      open={open}
      title={
        editing
          ? t('console.chains.editTitle', { currency: editing.currency, chain: editing.chain })
          : t('console.chains.addTitle')
      }
      okText={t('console.common.save')}
      cancelText={t('console.common.cancel')}
      okButtonProps={{ loading: add.isPending || edit.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => form.resetFields()}
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        onFinish={submit}
      >
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="currency"
            label={t('console.common.currency')}
            style={{ flex: 1 }}
            normalize={(v: string) => v.toUpperCase()}
            rules={[
              required,
              contractRule(consoleCalls.addChain.input.shape.currency, {
                fallback: t('console.chains.currencyRule'),
              }),
            ]}
          >
            <Input disabled={editing !== null} placeholder="USDT" maxLength={10} />
          </Form.Item>
          <Form.Item
            name="chain"
            label={t('console.common.chain')}
            style={{ flex: 1 }}
            normalize={(v: string) => v.toUpperCase()}
            rules={[
              required,
              contractRule(consoleCalls.addChain.input.shape.chain, {
                fallback: t('console.chains.chainRule'),
              }),
            ]}
          >
            <Input disabled={editing !== null} placeholder="TRC20" maxLength={20} />
          </Form.Item>
          <Form.Item
            name="addressFormat"
            label={t('console.chains.addressFormat')}
            style={{ flex: 1 }}
            rules={[{ required: true, message: t('errors.requiredItems') }]}
          >
            <Select
              disabled={editing !== null}
              options={ADDRESS_FORMATS.map((f) => ({
                value: f,
                label: t(`console.chains.formats.${f}`),
              }))}
            />
          </Form.Item>
        </div>
        <Form.Item
          name="depositAddress"
          label={t('console.chains.depositAddress')}
          dependencies={['addressFormat']}
          rules={[
            required,
            {
              validator: (_rule, value: string | undefined) =>
                !value || !isAddressFormat(format) || isAddressShapeValid(format, value.trim())
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(
                        t('errors.addressInvalid', {
                          chain: chainValue || t(`console.chains.formats.${format}`),
                        }),
                      ),
                    ),
            },
          ]}
        >
          <Input className="mono" maxLength={128} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="withdrawFee"
            label={t('console.chains.withdrawFee')}
            style={{ flex: 1 }}
            rules={[required, contractRule(consoleCalls.addChain.input.shape.withdrawFee)]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name="withdrawMin"
            label={t('console.chains.withdrawMin')}
            style={{ flex: 1 }}
            dependencies={['withdrawFee']}
            rules={[required, contractRule(consoleCalls.addChain.input.shape.withdrawMin)]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="sort" label={t('console.chains.sort')} style={{ width: 100 }}>
            <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 24 }}>
          <Form.Item
            name="depositEnabled"
            label={t('console.chains.depositEnabled')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="withdrawEnabled"
            label={t('console.chains.withdrawEnabled')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

/** Each opening a fresh form (freshEachOpening). */
export const ChainFormModal = freshEachOpening(ChainFormModalDialog);
