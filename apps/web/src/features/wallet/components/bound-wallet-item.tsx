import type { BoundWallet } from '@tidemark/contract';
import { DeleteOutline, EditSOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
// The card's own look, and the list and pick-button layout it shares with money records.
import '../../money/money.css';
import '../wallet.css';

interface BoundWalletItemProps {
  wallet: BoundWallet;
  /** On the withdrawal page, the address chosen to send to. */
  selected?: boolean;
  onSelect?: (wallet: BoundWallet) => void;
  onEdit: (wallet: BoundWallet) => void;
  onDelete: (wallet: BoundWallet) => void;
}

/**
 * One bound withdrawal address: currency, chain type and the full address, with edit and delete
 * (not while a withdrawal to it is in progress; the server refuses that too).
 */
export function BoundWalletItem({
  wallet,
  selected,
  onSelect,
  onEdit,
  onDelete,
}: BoundWalletItemProps) {
  const { t } = useTranslation();
  const body = (
    <>
      <span className="bound-wallet__head">
        <strong>{wallet.currency}</strong>
        <span className="chip">{wallet.chain}</span>
        {wallet.inUse ? <span className="bound-wallet__busy">{t('wallet.inUse')}</span> : null}
      </span>
      <span className="bound-wallet__address mono" dir="ltr">
        {wallet.address}
      </span>
    </>
  );
  return (
    <li
      className="bound-wallet"
      data-id={wallet.id}
      data-chain={wallet.chain}
      aria-selected={onSelect ? Boolean(selected) : undefined}
    >
      {onSelect ? (
        <button
          type="button"
          role="radio"
          aria-checked={Boolean(selected)}
          className="bound-wallet__pick"
          onClick={() => onSelect(wallet)}
        >
          <span className="bound-wallet__radio" aria-hidden="true" />
          <span className="bound-wallet__body">{body}</span>
        </button>
      ) : (
        <span className="bound-wallet__body">{body}</span>
      )}
      <span className="bound-wallet__actions">
        <button
          type="button"
          className="icon-button"
          aria-label={t('wallet.edit')}
          disabled={wallet.inUse}
          onClick={() => onEdit(wallet)}
        >
          <EditSOutline />
        </button>
        <button
          type="button"
          className="icon-button bound-wallet__delete"
          aria-label={t('wallet.delete')}
          disabled={wallet.inUse}
          onClick={() => onDelete(wallet)}
        >
          <DeleteOutline />
        </button>
      </span>
    </li>
  );
}
