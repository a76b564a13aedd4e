import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractRule, type FieldSchema } from './contract-rule';
import { notifySuccess } from './notify';

/** The call that moves the money: a contract mutation (useCallMutation) fits as it is. */
export interface FundMutation<Input> {
  isPending: boolean;
  mutate(input: Input, options: { onSuccess(): void }): void;
}

interface FundAccountModalProps<Target, Input> {
  /** What is funded (a book, a currency); the dialog is open while it is not null. */
  target: Target | null;
  texts: {
    title: string;
    ok: string;
    /** Shown above the fields. */
    hint?: string;
    /** The note once the transfer has gone through. */
    done: string;
  };
  /** The contract's schema for the call's amount: the rule the server checks with. */
  amountSchema: FieldSchema;
  /** Shown after the amount (the currency moved), when it is fixed. */
  suffix?: string;
  /** Asks for the currency too, starting at `initial` (a budget that takes any currency). */
  currencyField?: { label: string; initial: string };
  mutation: FundMutation<Input>;
  /** The call's input for the target and the trimmed amount (and currency, when asked). */
  input(target: Target, values: { amount: string; currency: string }): Input;
  onClose(): void;
}

/**
 * Moves money from the treasury to a system account (a pool, a reserve, a fund, a budget): one
 * audited ledger transfer. The amount is checked with the contract's rule; a treasury that is short
 * is the server's refusal to show. It closes, with a note, only once the call has succeeded.
 */
export function FundAccountModal<Target, Input>(props: FundAccountModalProps<Target, Input>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: string; currency?: string }>();
  const { target, texts, mutation, currencyField } = props;
  return (
    <Modal
      open={target !== null}
      title={target !== null ? texts.title : ''}
      okText={texts.ok}
      cancelText={t('console.common.cancel')}
      okButtonProps={{ loading: mutation.isPending }}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={currencyField ? { currency: currencyField.initial } : undefined}
        onFinish={({ amount, currency }) =>
          target !== null &&
          mutation.mutate(
            props.input(target, {
              amount: amount.trim(),
              currency: (currency ?? '').trim().toUpperCase(),
            }),
            {
              onSuccess: () => {
                notifySuccess(texts.done);
                props.onClose();
              },
            },
          )
        }
      >
        {texts.hint ? (
          <Typography.Paragraph type="secondary">{texts.hint}</Typography.Paragraph>
        ) : null}
        {currencyField ? (
          <Form.Item
            name="currency"
            label={currencyField.label}
            rules={[{ required: true, message: t('errors.requiredItems') }]}
          >
            <Input dir="ltr" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="amount"
          label={t('console.common.amount')}
          rules={[
            { required: true, whitespace: true, message: t('errors.requiredItems') },
            contractRule(props.amountSchema),
          ]}
        >
          <Input inputMode="decimal" suffix={props.suffix} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
