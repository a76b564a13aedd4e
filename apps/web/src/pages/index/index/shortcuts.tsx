import {
  BankcardOutline,
  ContentOutline,
  CollectMoneyOutline,
  HistogramOutline,
  LinkOutline,
  MessageOutline,
  PayCircleOutline,
  QuestionCircleOutline,
  ReceivePaymentOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRouteExists } from '../../../ui/route-registry';

/** The home shortcuts of SPEC.md section 2, in its order. */
const SHORTCUTS: { key: string; path: string; icon: ReactNode }[] = [
  { key: 'deposit', path: '/pages/deposit/index', icon: <ReceivePaymentOutline /> },
  { key: 'withdraw', path: '/pages/Withdrawal/index', icon: <BankcardOutline /> },
  { key: 'aiQuant', path: '/pages/Financial/index', icon: <PayCircleOutline /> },
  { key: 'leverage', path: '/pages/lever/index', icon: <HistogramOutline /> },
  { key: 'academy', path: '/pages/growthAcademy/index', icon: <ContentOutline /> },
  { key: 'share', path: '/pages/linkShare/index', icon: <LinkOutline /> },
  { key: 'help', path: '/pages/index/helpCenter', icon: <QuestionCircleOutline /> },
  { key: 'service', path: '/pages/index/service', icon: <MessageOutline /> },
  { key: 'loan', path: '/pages/loan/index', icon: <CollectMoneyOutline /> },
];

/** Only shortcuts whose page exists are shown; none at all hides the row. */
export function Shortcuts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exists = useRouteExists();
  const shown = SHORTCUTS.filter((s) => exists(s.path));
  if (shown.length === 0) return null;
  return (
    <nav className="shortcuts" aria-label={t('home.shortcuts')}>
      {shown.map((s) => (
        <button
          key={s.key}
          type="button"
          className="shortcuts__item"
          onClick={() => navigate(s.path)}
        >
          <span className="shortcuts__icon">{s.icon}</span>
          <span className="shortcuts__label">{t(`home.shortcut.${s.key}`)}</span>
        </button>
      ))}
    </nav>
  );
}
