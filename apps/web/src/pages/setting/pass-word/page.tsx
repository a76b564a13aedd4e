import { userCalls } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../../api/client';
import { useSession } from '../../../api/session';
import { useSubmit } from '../../../api/use-submit';
import { validateForm } from '../../../api/validate';
import {
  NewPasswordFields,
  PasswordField,
} from '../../../features/account/components/password-input';
import { PageHeader } from '../../../ui/page-header';
import { showToast } from '../../../ui/toast';

/** Changes the login password; every session ends, so the user logs in again. */
export default function LoginPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSession((s) => s.signOut);
  const queryClient = useQueryClient();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, save] = useSubmit(async () => {
    const input = { oldPassword, newPassword, confirmPassword };
    if (!(await validateForm(userCalls.updateUserPassword, input))) return;
    await request(userCalls.updateUserPassword, input, { loading: true });
    showToast(t('success.passwordChanged'), 'success');
    navigate('/pages/login/login', { replace: true });
    signOut(true);
    queryClient.clear();
  });

  return (
    <div>
      <PageHeader title={t('settings.loginPassword')} fallback="/pages/setting/index" />
      <div className="page-body">
        <div className="form-card">
          <PasswordField
            label={t('settings.oldPassword')}
            name="oldPassword"
            value={oldPassword}
            onChange={setOldPassword}
            placeholder={t('settings.oldPasswordPlaceholder')}
            autoComplete="current-password"
          />
          <NewPasswordFields
            label={t('account.newPassword')}
            name="newPassword"
            value={newPassword}
            onChange={setNewPassword}
            confirm={confirmPassword}
            onConfirmChange={setConfirmPassword}
          />
        </div>
        <p className="form-hint">{t('account.passwordRuleHint')}</p>
        <p className="form-hint">{t('settings.passwordChangeHint')}</p>
        <div className="form-actions">
          <Button block color="primary" size="large" loading={busy} onClick={save}>
            {t('common.confirm')}
          </Button>
        </div>
      </div>
    </div>
  );
}
