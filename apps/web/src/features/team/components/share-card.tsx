import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../ui/copy';

interface ShareCardProps {
  code: string;
  /** The register page with the code filled in, absolute. */
  link: string;
}

/** Whether the browser has a system share sheet for a link. */
function canShare(link: string): boolean {
  return typeof navigator.share === 'function' && (navigator.canShare?.({ url: link }) ?? true);
}

/**
 * The trader's invitation: the code and the link to copy, a QR code of the link (dark on white in
 * both themes, as scanners expect), and the system share sheet where the browser has one.
 */
export function ShareCard({ code, link }: ShareCardProps) {
  const { t } = useTranslation();
  const share = async () => {
    try {
      await navigator.share({
        title: t('team.shareTitle'),
        text: t('team.shareText', { code }),
        url: link,
      });
    } catch {
      // Closed by the user, or refused: nothing to say.
    }
  };
  return (
    <section className="team-share" aria-label={t('team.inviteTitle')}>
      <div className="team-share__qr">
        <QRCodeSVG
          value={link}
          size={156}
          level="M"
          marginSize={2}
          bgColor="#ffffff"
          fgColor="#0b0e14"
          title={t('team.qrTitle')}
        />
      </div>
      <div className="team-share__row">
        <span className="team-share__label">{t('team.code')}</span>
        <code className="team-share__code mono" dir="ltr" data-testid="invite-code">
          {code}
        </code>
        <button type="button" className="text-button" onClick={() => void copyText(code)}>
          {t('team.copy')}
        </button>
      </div>
      <div className="team-share__row">
        <span className="team-share__label">{t('team.link')}</span>
        <code className="team-share__link mono" dir="ltr" data-testid="invite-link">
          {link}
        </code>
      </div>
      <div className="team-share__actions">
        <button type="button" className="team-button" onClick={() => void copyText(link)}>
          {t('team.copyLink')}
        </button>
        {canShare(link) ? (
          <button
            type="button"
            className="team-button team-button--primary"
            onClick={() => void share()}
          >
            {t('team.share')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
