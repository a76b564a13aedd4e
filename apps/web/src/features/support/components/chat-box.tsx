import Badge from 'antd-mobile/es/components/badge';
import { MessageOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Sheet } from '../../../ui/sheet';
import { useChatLive, useChatUnread, useServiceLink } from '../api/support-queries';
import { ChatPanel } from './chat-panel';
import '../support.css';

/** Live badge updates while the box is closed. */
function UnreadBadge() {
  const unread = useChatUnread().data?.unread ?? 0;
  useChatLive();
  return unread > 0 ? <Badge content={unread > 99 ? '99+' : unread} /> : null;
}

/**
 * The home page's customer service chat box (SPEC.md section 2): a button with the unread count
 * that opens the conversation in a sheet, the same one as pages/index/service. When an external
 * service desk is configured and answering, the sheet offers it too.
 */
export function ChatBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const link = useServiceLink().data?.externalUrl ?? null;
  return (
    <>
      <button
        type="button"
        className="chat-box__button"
        aria-label={t('support.open')}
        onClick={() => setOpen(true)}
      >
        <MessageOutline />
        {!open ? <UnreadBadge /> : null}
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} bodyClassName="chat-box__sheet">
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
            <button type="button" className="chat-link" onClick={() => setOpen(false)}>
              {t('support.close')}
            </button>
          </span>
        </div>
        {open ? <ChatPanel /> : null}
      </Sheet>
    </>
  );
}
