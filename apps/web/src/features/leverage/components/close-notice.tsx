import type { ChannelData, LeveragePosition } from '@tidemark/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../api/session';
import { useChannel } from '../../../api/use-channel';
import { formatMoneyText, formatSigned } from '../../../ui/amount-format';
import { leverDetailsPath } from '../paths';
import { positionResult } from '../position-result';
import './close-notice.css';

/** How long a notice stays unless dismissed: long enough to read a result, unlike a toast. */
export const CLOSE_NOTICE_MS = 10_000;
/** At most this many notices at once (a gap can liquidate several positions on one tick). */
const MAX_NOTICES = 3;

/**
 * The position a `user` frame reports closed by the server (take-profit, stop-loss or
 * liquidation); null for anything else, the trader's own close included (that one has its toast).
 */
export function systemClosed(frame: ChannelData['user']): LeveragePosition | null {
  if (frame.event !== 'leverage.closed') return null;
  const { position } = frame;
  return position.closedBy && position.closedBy !== 'user' ? position : null;
}

/** One notice: which position closed, why, and its result; tap for the details. */
export function CloseNoticeItem({
  position,
  onDismiss,
}: {
  position: LeveragePosition;
  onDismiss(): void;
}) {
  const { t } = useTranslation();
  const { net, back, owed, covered } = positionResult(position, null);
  const reason = position.closedBy ?? 'user';
  return (
    <div className="lever-close-notice" role="status" data-closed-by={reason}>
      <Link to={leverDetailsPath(position.id)} onClick={onDismiss}>
        <strong>
          {t('lever.details.closedNotice', {
            symbol: position.symbol,
            direction: t(`lever.directions.${position.direction}`),
            reason: t(`lever.closedBy.${reason}`),
          })}
        </strong>{' '}
        <span>
          {t('lever.details.closedResult', {
            net: net ? `${formatSigned(net, 'USDT')} USDT` : '--',
            back: owed ? `-${formatMoneyText(owed, 'USDT')}` : formatMoneyText(back ?? '0', 'USDT'),
          })}
        </span>
        {covered ? (
          <span>
            {' '}
            {t('lever.details.closedCovered', { amount: formatMoneyText(covered, 'USDT') })}
          </span>
        ) : null}
      </Link>
      <button type="button" aria-label={t('common.close')} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/**
 * Tells the trader, wherever they are in the app, when the server closed one of their positions
 * (leverage.closed on the `user` channel with a take-profit, stop-loss or liquidation): the card
 * would otherwise just disappear. Mounted once by the app shell.
 */
export function LeverageCloseNotice() {
  const token = useSession((s) => s.token);
  const [shown, setShown] = useState<LeveragePosition[]>([]);
  const dismiss = (id: number) => setShown((list) => list.filter((p) => p.id !== id));
  useChannel(token ? 'user' : null, (frame) => {
    const position = systemClosed(frame);
    if (!position) return;
    setShown((list) =>
      [position, ...list.filter((p) => p.id !== position.id)].slice(0, MAX_NOTICES),
    );
    window.setTimeout(() => dismiss(position.id), CLOSE_NOTICE_MS);
  });
  if (shown.length === 0) return null;
  return (
    <div className="lever-close-notices">
      {shown.map((position) => (
        <CloseNoticeItem
          key={position.id}
          position={position}
          onDismiss={() => dismiss(position.id)}
        />
      ))}
    </div>
  );
}
