import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export const REASON_MAX_LENGTH = 500;

interface ReasonModalProps {
  open: boolean;
  title: string;
  /** What the action does, shown above the reason. */
  description?: string;
  okText?: string;
  danger?: boolean;
  pending: boolean;
  onSubmit(reason: string): void;
  onCancel(): void;
}

/** Asks for the reason every refusal and freeze needs; the OK button waits for the call. */
export function ReasonModal(props: ReasonModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText ?? t('console.common.confirm')}
      cancelText={t('console.common.cancel')}
      okButtonProps={{ danger: props.danger ?? true, loading: props.pending }}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      {props.description ? <p>{props.description}</p> : null}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => props.onSubmit(values.reason.trim())}
      >
        <Form.Item
          name="reason"
          label={t('console.common.reason')}
          rules={[
            { required: true, whitespace: true, message: t('console.common.reasonRequired') },
            { max: REASON_MAX_LENGTH },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={REASON_MAX_LENGTH}
            showCount
            autoFocus
            placeholder={t('console.common.reasonPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
