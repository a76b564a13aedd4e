import { NICKNAME_MAX_LENGTH } from '@tidemark/contract';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { ProfileForm } from '../../../features/account/components/profile-form';

export default function NicknamePage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const [nickname, setNickname] = useState<string | null>(null);
  const value = nickname ?? user.data?.nickname ?? '';

  return (
    <ProfileForm
      title={t('settings.nickname')}
      hint={t('settings.nicknameHint', { max: NICKNAME_MAX_LENGTH })}
      input={() => ({ nickname: value })}
    >
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
    </ProfileForm>
  );
}
