import { NICKNAME_MAX_LENGTH, userCalls } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { validateForm } from '../../../api/validate';
import { useUpdateUser } from '../../../features/account/api/account-mutations';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { PageHeader } from '../../../ui/page-header';
import { showToast } from '../../../ui/toast';

export default function NicknamePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const update = useUpdateUser();
  const [nickname, setNickname] = useState<string | null>(null);
  const value = nickname ?? user.data?.nickname ?? '';

  const save = async () => {
    const input = { nickname: value };
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
      <PageHeader title={t('settings.nickname')} fallback="/pages/setting/index" />
      <div className="page-body">
        <div className="form-card">
          <div className="field">
            <Input
              name="nickname"
              value={value}
              onChange={setNickname}
              placeholder={t('settings.nicknamePlaceholder')}
              maxLength={NICKNAME_MAX_LENGTH}
              clearable
            />
            <span className="muted field__addon">
              {[...value].length}/{NICKNAME_MAX_LENGTH}
            </span>
          </div>
        </div>
        <p className="form-hint">{t('settings.nicknameHint', { max: NICKNAME_MAX_LENGTH })}</p>
        <div className="form-actions">
          <Button block color="primary" size="large" loading={update.isPending} onClick={save}>
            {t('common.save')}
          </Button>
        </div>
      </div>
    </div>
  );
}
