import { consoleCalls } from '@tidemark/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../ui/contract-rule';
import { notifySuccess } from '../../ui/notify';
import { useChangePassword } from './session-api';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** The signed-in operator changes their password; the server ends their other sessions. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const submit = ({ oldPassword, newPassword }: Values) =>
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          notifySuccess(t('console.password.changed'));
          onClose();
        },
      },
    );
  return (
    <Modal
      open={open}
      title={t('console.header.changePassword')}
      okText={t('console.common.save')}
      cancelText={t('console.common.cancel')}
      okButtonProps={{ loading: change.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={submit}>
        <Form.Item
          name="oldPassword"
          label={t('console.password.old')}
          rules={[{ required: true, message: t('errors.requiredItems') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('console.password.new')}
          extra={t('errors.operatorPasswordRule')}
          rules={[
            { required: true, message: t('errors.requiredItems') },
            contractRule(consoleCalls.changePassword.input.shape.newPassword),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('console.password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('errors.requiredItems') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('errors.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
