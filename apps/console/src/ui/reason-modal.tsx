import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
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

/**
 * What a ReasonModal is open for (a record, or a record and a choice) and the props that tie the
 * dialog to the call: it closes, and `onDone` runs, only once the call has succeeded; a failed
 * call leaves it open with the reason as written. `onDone` sees the values of the render in which
 * the reason was submitted.
 */
export function useReasonDialog<T>(options: {
  pending: boolean;
  /** Makes the call for `target`; `onSuccess` must run when it succeeds. */
  submit(target: T, reason: string, onSuccess: () => void): void;
  /** After success, once the dialog is closed: the note, anything else to close. */
  onDone(target: T): void;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const close = () => setTarget(null);
  return {
    /** What the dialog is open for; null while it is closed. */
    target,
    ask: (next: T) => setTarget(() => next),
    dialog: {
      open: target !== null,
      pending: options.pending,
      onCancel: close,
      onSubmit: (reason: string) => {
        if (target === null) return;
        const { onDone } = options;
        options.submit(target, reason, () => {
          close();
          onDone(target);
        });
      },
    },
  };
}
