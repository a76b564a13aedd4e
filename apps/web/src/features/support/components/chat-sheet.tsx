import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Sheet } from '../../../ui/sheet';
import { useServiceLink } from '../api/support-queries';
import { ChatPanel } from './chat-panel';
import '../support.css';

/**
 * The home chat box's sheet: the conversation (the same one as pages/index/service), with the
 * external service desk offered when one is configured and answering. Loaded on the first open,
 * so home's first screen does not carry the chat.
 */
export default function ChatSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = useServiceLink().data?.externalUrl ?? null;
  return (
    <Sheet open={open} onClose={onClose} bodyClassName="chat-box__sheet">
      <div className="chat-box__head">
        <strong>{t('support.title')}</strong>
        <span className="chat-box__actions">
          {link ? (
            <button
              type="button"
              className="chat-link"
              onClick={() => navigate('/pages/index/webServe')}
            >
              {t('support.external')}
            </button>
          ) : null}
          <button
            type="button"
            className="chat-link"
            onClick={() => navigate('/pages/index/service')}
          >
            {t('support.fullScreen')}
          </button>
          <button type="button" className="chat-link" onClick={onClose}>
            {t('support.close')}
          </button>
        </span>
      </div>
      {open ? <ChatPanel /> : null}
    </Sheet>
  );
}
