import type { UserInfo } from '@tidemark/contract';
import { CheckCircleFill, DownOutline, RightOutline } from 'antd-mobile-icons';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRouteExists } from '../../../ui/route-registry';
import { readStored, writeStored } from '../../../ui/stored';

interface Task {
  key: string;
  path: string;
  done: boolean;
}

type Fold = 'open' | 'folded';

/** Where the list's fold is remembered, per account on this device. */
export const foldKey = (userId: number) => `setupTasks.${userId}`;

function readFold(userId: number): Fold | null {
  const saved = readStored(foldKey(userId));
  return saved === 'open' || saved === 'folded' ? saved : null;
}

// Without storage (private mode) the list simply opens again next time.
const writeFold = (userId: number, fold: Fold) => writeStored(foldKey(userId), fold);

/**
 * The first time, the list opens, and from then on it starts folded to its heading (with the
 * progress): once seen, it gives the first screen back to the market. Opening or folding it by
 * hand is remembered. Hidden once everything is done.
 */
function useFold(userId: number): [boolean, () => void] {
  const [saved] = useState(() => readFold(userId));
  const [folded, setFolded] = useState(saved === 'folded');
  useEffect(() => {
    if (saved === null) writeFold(userId, 'folded');
  }, [saved, userId]);
  const toggle = () => {
    writeFold(userId, folded ? 'open' : 'folded');
    setFolded(!folded);
  };
  return [folded, toggle];
}

/** What a new account still has to set up; hidden once everything is done. */
export function SetupTasks({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exists = useRouteExists();
  const listId = useId();
  const [folded, toggle] = useFold(user.id);
  const tasks: Task[] = [
    { key: 'payPassword', path: '/pages/setting/payPassWord', done: user.hasPayPassword },
    { key: 'email', path: '/pages/setting/email', done: user.email !== null },
    { key: 'phone', path: '/pages/setting/phoneNumber', done: user.phone !== null },
    { key: 'verify', path: '/pages/verify/index', done: user.verifyLevel > 0 },
  ].filter((task) => exists(task.path));
  const left = tasks.filter((task) => !task.done).length;
  if (left === 0) return null;
  return (
    <section className={folded ? 'setup-tasks setup-tasks--folded' : 'setup-tasks'}>
      <button
        type="button"
        className="setup-tasks__head"
        aria-expanded={!folded}
        aria-controls={listId}
        onClick={toggle}
      >
        <strong>{t('home.setupTitle')}</strong>
        <span className="muted">
          {t('home.setupProgress', { done: tasks.length - left, total: tasks.length })}
        </span>
        <DownOutline className="setup-tasks__fold muted" aria-hidden="true" />
      </button>
      <div id={listId} hidden={folded}>
        {tasks.map((task) => (
          <button
            key={task.key}
            type="button"
            className="setup-tasks__item"
            disabled={task.done}
            onClick={() => navigate(task.path)}
          >
            <CheckCircleFill
              className={
                task.done ? 'setup-tasks__check setup-tasks__check--done' : 'setup-tasks__check'
              }
            />
            <span>{t(`home.task.${task.key}`)}</span>
            {task.done ? null : <RightOutline className="flip-rtl muted" />}
          </button>
        ))}
      </div>
    </section>
  );
}
