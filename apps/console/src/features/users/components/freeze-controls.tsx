import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { FreezeScope } from '@tidemark/contract';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../ui/notify';
import { ReasonModal, useReasonDialog } from '../../../ui/reason-modal';
import { useFreezeUser } from '../users-api';
import type { UserSummary } from '../../../api/types';

/** Freeze or unfreeze a trader's login or withdrawals; every change needs a reason. */
export function FreezeControls({ user }: { user: UserSummary }) {
  const { t } = useTranslation();
  const change = useFreezeUser();
  const frozen = (s: FreezeScope) =>
    s === 'login' ? user.status === 'frozen' : user.withdrawFrozen;
  const action = (s: FreezeScope) => `console.users.${frozen(s) ? 'unfreeze' : 'freeze'}.${s}`;
  // The note names what was done: `frozen` as it was when the reason was submitted.
  const changing = useReasonDialog<FreezeScope>({
    pending: change.isPending,
    submit: (s, reason, onSuccess) =>
      change.mutate({ id: user.id, scope: s, reason, freeze: !frozen(s) }, { onSuccess }),
    onDone: (s) => notifySuccess(t(`${action(s)}Done`)),
  });
  const scope = changing.target;
  return (
    <>
      <Space wrap>
        {(['login', 'withdrawal'] as const).map((s) => (
          <Button
            key={s}
            danger={!frozen(s)}
            icon={frozen(s) ? <UnlockOutlined /> : <LockOutlined />}
            onClick={() => changing.ask(s)}
          >
            {t(action(s))}
          </Button>
        ))}
      </Space>
      <ReasonModal
        {...changing.dialog}
        title={scope ? `${t(action(scope))} · #${user.id}` : ''}
        description={scope ? t(`${action(scope)}Text`) : ''}
        okText={scope ? t(action(scope)) : ''}
        danger={scope ? !frozen(scope) : true}
      />
    </>
  );
}
