import { userCalls } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { validateForm } from '../../../api/validate';
import { useUpdateUser } from '../../../features/account/api/account-mutations';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { CodeField } from '../../../features/account/components/code-field';
import { PageHeader } from '../../../ui/page-header';
import { showToast } from '../../../ui/toast';

/** Binds or changes the email, proved by a code sent to the new address. */
export default function EmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const update = useUpdateUser();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const current = user.data?.email;

  const save = async () => {
    const input = { email: email.trim(), code };
    if (!(await validateForm(userCalls.updateUser, input))) return;
    update.mutate(input, {
      onSuccess: () => {
        showToast(t('success.saved'), 'success');
        navigate(-1);
      },
    });
  };

  return (
    <div>
      <PageHeader
        title={t(current ? 'settings.changeEmail' : 'settings.bindEmail')}
        fallback="/pages/setting/index"
      />
      <div className="page-body">
        {current ? (
          <p className="current-value">
            <span className="muted">{t('settings.currentEmail')}</span> <strong>{current}</strong>
          </p>
        ) : null}
        <div className="form-card">
          <div className="field">
            <span className="field__label">{t('settings.newEmail')}</span>
            <Input
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
              placeholder={t('account.emailPlaceholder')}
              clearable
            />
          </div>
          <CodeField value={code} onChange={setCode} target={{ email }} />
        </div>
        <p className="form-hint">{t('settings.codeToNewAddress')}</p>
        <div className="form-actions">
          <Button block color="primary" size="large" loading={update.isPending} onClick={save}>
            {t('common.confirm')}
          </Button>
        </div>
      </div>
    </div>
  );
}
