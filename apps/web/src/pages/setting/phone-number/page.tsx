import { userCalls } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { validateForm } from '../../../api/validate';
import { useUpdateUser } from '../../../features/account/api/account-mutations';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { AreaCodePicker } from '../../../features/account/components/area-code-picker';
import { CodeField } from '../../../features/account/components/code-field';
import { PageHeader } from '../../../ui/page-header';
import { showToast } from '../../../ui/toast';

/** Binds or changes the phone number, proved by a code sent to the new number. */
export default function PhoneNumberPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const update = useUpdateUser();
  const [areaCode, setAreaCode] = useState('86');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const current = user.data?.phone ? `+${user.data.areaCode} ${user.data.phone}` : null;

  const save = async () => {
    const input = { phone: phone.trim(), areaCode, code };
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
        title={t(current ? 'settings.changePhone' : 'settings.bindPhone')}
        fallback="/pages/setting/index"
      />
      <div className="page-body">
        {current ? (
          <p className="current-value">
            <span className="muted">{t('settings.currentPhone')}</span> <strong>{current}</strong>
          </p>
        ) : null}
        <div className="form-card">
          <div className="field">
            <AreaCodePicker value={areaCode} onChange={setAreaCode} />
            <Input
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              value={phone}
              onChange={(v) => setPhone(v.replace(/\D/g, ''))}
              placeholder={t('account.phonePlaceholder')}
              maxLength={15}
              clearable
            />
          </div>
          <CodeField value={code} onChange={setCode} target={{ phone, areaCode }} />
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
