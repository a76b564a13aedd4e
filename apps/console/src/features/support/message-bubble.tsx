import type { ConsoleSupportMessage } from '@tidemark/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../ui/format';
import { SecureImage } from '../../ui/secure-image';

/**
 * One message of the conversation. The text is the trader's (or an operator's) plain text: React
 * sets it as text, never as markup, and pre-wrap keeps its line breaks.
 */
export function MessageBubble({ message }: { message: ConsoleSupportMessage }) {
  const { t } = useTranslation();
  const fromSupport = message.from === 'support';
  return (
    <li className={`support-msg ${fromSupport ? 'support-msg--support' : 'support-msg--user'}`}>
      <div className="support-msg__bubble">
        {message.uploadId !== null ? (
          <SecureImage
            uploadId={message.uploadId}
            width={160}
            height={120}
            alt={t('console.support.image')}
          />
        ) : null}
        {message.content !== '' ? (
          <Typography.Paragraph className="support-msg__text">
            {message.content}
          </Typography.Paragraph>
        ) : null}
      </div>
      <Typography.Text type="secondary" className="support-msg__meta">
        {fromSupport ? `${message.operator ?? t('console.support.team')} · ` : ''}
        {formatTime(message.at)}
        {' · '}
        {t(message.read ? 'console.support.read' : 'console.support.unreadMark')}
      </Typography.Text>
    </li>
  );
}
