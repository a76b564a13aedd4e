import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { FreezeScope } from '@tidemark/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../ui/notify';
import { ReasonModal } from '../../../ui/reason-modal';
import { useFreezeUser } from '../users-api';
import type { UserSummary } from '../../../api/types';

/** Freeze or unfreeze a trader's login or withdrawals; every change needs a reason. */
export function FreezeControls({ user }: { user: UserSummary }) {
  const { t } = useTranslation();
  const change = useFreezeUser();
  const [scope, setScope] = useState<FreezeScope | null>(null);
  const frozen = (s: FreezeScope) =>
    s === 'login' ? user.status === 'frozen' : user.withdrawFrozen;
  const action = (s: FreezeScope) => `console.users.${frozen(s) ? 'unfreeze' : 'freeze'}.${s}`;
  return (
    <>
      <Space wrap>
        {(['login', 'withdrawal'] as const).map((s) => (
          <Button
            key={s}
            danger={!frozen(s)}
            icon={frozen(s) ? <UnlockOutlined /> : <LockOutlined />}
            onClick={() => setScope(s)}
          >
            {t(action(s))}
          </Button>
        ))}
      </Space>
      <ReasonModal
        open={scope !== null}
        title={scope ? `${t(action(scope))} · #${user.id}` : ''}
        description={scope ? t(`${action(scope)}Text`) : ''}
        okText={scope ? t(action(scope)) : ''}
        danger={scope ? !frozen(scope) : true}
        pending={change.isPending}
        onCancel={() => setScope(null)}
        onSubmit={(reason) => {
          if (!scope) return;
          const freeze = !frozen(scope);
          const done = action(scope);
          change.mutate(
            { id: user.id, scope, reason, freeze },
            {
              onSuccess: () => {
                setScope(null);
                notifySuccess(t(`${done}Done`));
              },
            },
          );
        }}
      />
    </>
  );
}
