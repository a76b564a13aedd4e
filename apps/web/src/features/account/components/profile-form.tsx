import { userCalls, type UpdateUserInput } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { validateForm } from '../../../api/validate';
import { PageHeader, useGoBack } from '../../../ui/page-header';
import { showToast } from '../../../ui/toast';
import { useUpdateUser } from '../api/account-mutations';

interface ProfileFormProps {
  title: string;
  /** The value being replaced, when there is one ("Current email: ..."). */
  current?: { label: string; value: string } | undefined;
  /** The fields, inside the form card. */
  children: ReactNode;
  hint: string;
  /** The updateUser input the fields make. */
  input: () => UpdateUserInput;
}

/** A settings page that changes one profile value through /user/updateUser, then goes back. */
export function ProfileForm({ title, current, children, hint, input }: ProfileFormProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const update = useUpdateUser();

  const save = async () => {
    const values = input();
    if (!(await validateForm(userCalls.updateUser, values))) return;
    update.mutate(values, {
      onSuccess: () => {
        showToast(t('success.saved'), 'success');
        goBack('/pages/setting/index');
      },
    });
  };

  return (
    <div>
      <PageHeader title={title} fallback="/pages/setting/index" />
      <div className="page-body">
        {current ? (
          <p className="current-value">
            <span className="muted">{current.label}</span> <strong>{current.value}</strong>
          </p>
        ) : null}
        <div className="form-card">{children}</div>
        <p className="form-hint">{hint}</p>
        <div className="form-actions">
          <Button
            block
            color="primary"
            size="large"
            loading={update.isPending}
            onClick={() => void save()}
          >
            {t('common.confirm')}
          </Button>
        </div>
      </div>
    </div>
  );
}
