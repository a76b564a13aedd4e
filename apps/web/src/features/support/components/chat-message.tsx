import type { SupportMessage } from '@tidemark/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageView } from '../../../ui/image-view';
import { useMessageImage } from '../api/message-image';

function MessageImage({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const src = useMessageImage(message.id, message.imageUrl !== null);
  const [open, setOpen] = useState(false);
  if (!src) return <span className="chat-msg__image chat-msg__image--loading" aria-hidden="true" />;
  return (
    <>
      <button type="button" className="chat-msg__image" onClick={() => setOpen(true)}>
        <img src={src} alt={t('support.image')} />
      </button>
      <ImageView image={src} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * One message. Its text is plain text: React puts it in the page as text (never markup), and
 * pre-wrap keeps the line breaks the writer typed.
 */
export function ChatMessage({ message, time }: { message: SupportMessage; time: string }) {
  const { t } = useTranslation();
  const mine = message.from === 'user';
  return (
    <li className={`chat-msg ${mine ? 'chat-msg--mine' : 'chat-msg--theirs'}`}>
      {!mine ? <span className="chat-msg__who">{t('support.team')}</span> : null}
      <div className="chat-msg__bubble">
        {message.imageUrl !== null ? <MessageImage message={message} /> : null}
        {message.content !== '' ? <p className="chat-msg__text">{message.content}</p> : null}
      </div>
      <span className="chat-msg__meta">
        <time dateTime={new Date(message.at).toISOString()}>{time}</time>
        {mine ? <span> · {t(message.read ? 'support.read' : 'support.sent')}</span> : null}
      </span>
    </li>
  );
}
