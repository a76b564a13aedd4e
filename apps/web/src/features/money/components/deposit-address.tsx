import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../ui/copy';
import { CopyIcon } from './copy-icon';

interface DepositAddressProps {
  currency: string;
  chain: string;
  address: string;
}

/**
 * The platform's address for a currency on a chain: a QR code to scan from a wallet app (dark on
 * white in both themes, as scanners expect) and the address to copy.
 */
export function DepositAddress({ currency, chain, address }: DepositAddressProps) {
  const { t } = useTranslation();
  return (
    <section className="deposit-address" data-chain={chain}>
      <div className="deposit-address__qr">
        <QRCodeSVG
          value={address}
          size={168}
          level="M"
          marginSize={2}
          bgColor="#ffffff"
          fgColor="#0b0e14"
          title={t('deposit.qrTitle', { currency, chain })}
        />
      </div>
      <span className="deposit-address__label">{t('deposit.address')}</span>
      <div className="deposit-address__row">
        <code className="deposit-address__text mono" dir="ltr">
          {address}
        </code>
        <button
          type="button"
          className="deposit-address__copy"
          onClick={() => void copyText(address)}
        >
          <CopyIcon />
          <span>{t('deposit.copy')}</span>
        </button>
      </div>
      <p className="deposit-address__notice">{t('deposit.notice', { currency, chain })}</p>
    </section>
  );
}
