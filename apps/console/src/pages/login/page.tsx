import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { sessionExpired } from '../../api/session';
import { useLogin } from '../../features/session/session-api';
import { LanguageSelect } from '../../ui/language-select';

interface Values {
  username: string;
  password: string;
  totp: string;
}

/** Username, password and the 6-digit code of the operator's authenticator app. */
export default function LoginPage() {
  const { t } = useTranslation();
  const login = useLogin();
  const [form] = Form.useForm<Values>();
  return (
    <div className="login-screen">
      <Card className="login-card" variant="borderless">
        <div className="login-brand">
          <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" width={40} height={40} />
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('console.brand')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('console.login.subtitle')}</Typography.Text>
          </div>
        </div>
        {!login.error && sessionExpired() ? (
          <Alert
            type="warning"
            showIcon
            title={t('errors.sessionExpired')}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        {login.error ? (
          <Alert
            type="error"
            showIcon
            title={errorMessage(login.error)}
            style={{ marginBottom: 16 }}
            data-testid="login-error"
          />
        ) : null}
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) =>
            login.mutate(values, {
              // A used or wrong code is never right twice: ask for the next one.
              onError: () => form.setFieldValue('totp', ''),
            })
          }
          disabled={login.isPending}
        >
          <Form.Item
            name="username"
            label={t('console.login.username')}
            rules={[{ required: true, whitespace: true, message: t('errors.requiredItems') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('console.login.password')}
            rules={[{ required: true, message: t('errors.requiredItems') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="totp"
            label={t('console.login.totp')}
            extra={t('console.login.totpHint')}
            rules={[
              { required: true, message: t('errors.requiredItems') },
              { pattern: /^\d{6}$/, message: t('console.login.totpFormat') },
            ]}
          >
            <Input.OTP length={6} inputMode="numeric" formatter={(v) => v.replace(/\D/g, '')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            {t('console.login.submit')}
          </Button>
        </Form>
        <div className="login-footer">
          <LanguageSelect size="small" variant="borderless" />
        </div>
      </Card>
    </div>
  );
}
