import { userCalls } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../../api/client';
import { useSession } from '../../../api/session';
import { validateForm } from '../../../api/validate';
import { PasswordInput } from '../../../features/account/components/password-input';
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
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const input = { oldPassword, newPassword, confirmPassword };
    if (!(await validateForm(userCalls.updateUserPassword, input))) return;
    setBusy(true);
    try {
      await request(userCalls.updateUserPassword, input, { loading: true });
      showToast(t('success.passwordChanged'), 'success');
      navigate('/pages/login/login', { replace: true });
      signOut(true);
      queryClient.clear();
    } catch {
      // The client has shown the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <PageHeader title={t('settings.loginPassword')} fallback="/pages/setting/index" />
      <div className="page-body">
        <div className="form-card">
          <div className="field">
            <span className="field__label">{t('settings.oldPassword')}</span>
            <PasswordInput
              name="oldPassword"
              value={oldPassword}
              onChange={setOldPassword}
              placeholder={t('settings.oldPasswordPlaceholder')}
              autoComplete="current-password"
            />
          </div>
          <div className="field">
            <span className="field__label">{t('account.newPassword')}</span>
            <PasswordInput
              name="newPassword"
              value={newPassword}
              onChange={setNewPassword}
              placeholder={t('account.newPasswordPlaceholder')}
              autoComplete="new-password"
            />
          </div>
          <div className="field">
            <span className="field__label">{t('account.confirmPassword')}</span>
            <PasswordInput
              name="confirmPassword"
              value={confirmPassword}
              onChange={setConfirmPassword}
              placeholder={t('account.confirmPasswordPlaceholder')}
              autoComplete="new-password"
            />
          </div>
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
