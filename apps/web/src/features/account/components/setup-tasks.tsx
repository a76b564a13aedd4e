import type { UserInfo } from '@tidemark/contract';
import { CheckCircleFill, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRouteExists } from '../../../ui/route-registry';

interface Task {
  key: string;
  path: string;
  done: boolean;
}

/** What a new account still has to set up; hidden once everything is done. */
export function SetupTasks({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exists = useRouteExists();
  const tasks: Task[] = [
    { key: 'payPassword', path: '/pages/setting/payPassWord', done: user.hasPayPassword },
    { key: 'email', path: '/pages/setting/email', done: user.email !== null },
    { key: 'phone', path: '/pages/setting/phoneNumber', done: user.phone !== null },
    { key: 'verify', path: '/pages/verify/index', done: user.verifyLevel > 0 },
  ].filter((task) => exists(task.path));
  const left = tasks.filter((task) => !task.done).length;
  if (left === 0) return null;
  return (
    <section className="setup-tasks">
      <div className="setup-tasks__head">
        <strong>{t('home.setupTitle')}</strong>
        <span className="muted">
          {t('home.setupProgress', { done: tasks.length - left, total: tasks.length })}
        </span>
      </div>
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
    </section>
  );
}
