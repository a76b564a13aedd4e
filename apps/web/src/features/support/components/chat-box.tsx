import { MessageOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatLive, useChatUnread } from '../api/support-queries';
import '../support.css';

const ChatSheet = lazy(() => import('./chat-sheet'));

/** Live badge updates while the box is closed. */
function UnreadBadge() {
  const unread = useChatUnread().data?.unread ?? 0;
  useChatLive();
  return unread > 0 ? (
    <span className="chat-box__badge" data-testid="chat-unread">
      {unread > 99 ? '99+' : unread}
    </span>
  ) : null;
}

/**
 * The home page's customer service chat box (SPEC.md section 2): a button with the unread count
 * that opens the conversation in a sheet, the same one as pages/index/service.
 */
export function ChatBox() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="chat-box__button"
        aria-label={t('support.open')}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <MessageOutline />
        {!open ? <UnreadBadge /> : null}
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <ChatSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
