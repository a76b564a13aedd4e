import { useTranslation } from 'react-i18next';
import { useSocketState } from '../../../api/use-channel';

/** Whether prices are streaming: a dot and a word beside a market screen's title. */
export function LiveBadge() {
  const { t } = useTranslation();
  const state = useSocketState();
  const shown = state === 'connected' ? 'live' : state === 'closed' ? 'offline' : 'reconnecting';
  return (
    <span className={`live-badge live-badge--${shown}`} role="status" data-state={state}>
      <span className="live-badge__dot" aria-hidden="true" />
      {t(`market.socket.${shown}`)}
    </span>
  );
}
