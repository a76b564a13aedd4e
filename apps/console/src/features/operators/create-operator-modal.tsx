import { consoleCalls, OPERATOR_ROLES, type OperatorRole } from '@tidemark/contract';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../ui/contract-rule';
import { useCreateOperator } from './operators-api';
import type { CreatedOperator } from '../../api/types';

interface Values {
  username: string;
  password: string;
  role: OperatorRole;
}

/** The new operator's authenticator enrolment: QR code and secret, shown this once only. */
export function EnrolmentModal({
  created,
  onClose,
}: {
  created: CreatedOperator | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={created !== null}
      title={t('console.operators.enrolTitle', { username: created?.operator.username ?? '' })}
      onOk={onClose}
      onCancel={onClose}
      okText={t('console.operators.enrolDone')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      destroyOnHidden
    >
      {created ? (
        <>
          <Alert
            type="warning"
            showIcon
            title={t('console.operators.enrolOnce')}
            style={{ marginBottom: 16 }}
          />
          <div className="qr-box" data-testid="enrol-qr">
            <QRCodeSVG value={created.otpauthUrl} size={200} marginSize={2} />
          </div>
          <Typography.Paragraph>{t('console.operators.enrolScan')}</Typography.Paragraph>
          <Typography.Paragraph>
            {t('console.operators.enrolSecret')}{' '}
            <Typography.Text code copyable data-testid="enrol-secret">
              {created.totpSecret}
            </Typography.Text>
          </Typography.Paragraph>
        </>
      ) : null}
    </Modal>
  );
}

/** Adds an operator with a role; the server answers the TOTP enrolment once. */
export function CreateOperatorModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(created: CreatedOperator): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateOperator();
  return (
    <Modal
      open={open}
      title={t('console.operators.createTitle')}
      okText={t('console.operators.create')}
      cancelText={t('console.common.cancel')}
      okButtonProps={{ loading: create.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ role: 'reviewer' }}
        onFinish={(values) =>
          create.mutate(
            { ...values, username: values.username.trim() },
            { onSuccess: (created) => onCreated(created) },
          )
        }
      >
        <Form.Item
          name="username"
          label={t('console.login.username')}
          extra={t('console.operators.usernameRule')}
          normalize={(v: string) => v.toLowerCase()}
          rules={[
            { required: true, whitespace: true, message: t('errors.requiredItems') },
            contractRule(consoleCalls.createOperator.input.shape.username, {
              fallback: t('console.operators.usernameRule'),
            }),
          ]}
        >
          <Input autoComplete="off" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('console.login.password')}
          extra={t('errors.operatorPasswordRule')}
          rules={[
            { required: true, message: t('errors.requiredItems') },
            contractRule(consoleCalls.createOperator.input.shape.password),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="role" label={t('console.operators.role')} rules={[{ required: true }]}>
          <Select
            options={OPERATOR_ROLES.map((role) => ({
              value: role,
              label: `${t(`console.roles.${role}`)} · ${t(`console.operators.roleHints.${role}`)}`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
