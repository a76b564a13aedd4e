import { PictureOutlined } from '@ant-design/icons';
import { SUPPORT_MESSAGE_MAX } from '@tidemark/contract';
import { Button, Empty, Input, Select, Space, Tag, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidate } from '../../api/call-hooks';
import { errorMessage } from '../../api/client';
import { notifyError } from '../../ui/notify';
import { QueryState } from '../../ui/query-state';
import { MessageBubble } from './message-bubble';
import {
  sendReply,
  supportKeys,
  useCannedReplies,
  useConversationMessages,
  useMarkRead,
} from './support-api';

/** The chat with one trader: the messages, newest last, and the reply box (text, a picture, canned replies). */
export function Conversation({ id, unread }: { id: number; unread: number }) {
  const { t } = useTranslation();
  const messages = useConversationMessages(id);
  const canned = useCannedReplies();
  const markRead = useMarkRead();
  const invalidate = useInvalidate([supportKeys.all]);
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const lastId = messages.messages.at(-1)?.id;

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId, id]);
  // Opening the conversation reads the trader's messages.
  const { mutate: read } = markRead;
  useEffect(() => {
    if (unread > 0) read({ id });
  }, [id, unread, lastId, read]);

  const send = async () => {
    if (text.trim() === '' && !image) {
      notifyError(t('errors.messageEmpty'));
      return;
    }
    setSending(true);
    try {
      await sendReply(id, text, image);
      setText('');
      setImage(null);
      await invalidate();
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="support-chat">
      <div className="support-chat__history">
        {messages.hasNextPage ? (
          <div className="support-chat__earlier">
            <Button
              size="small"
              loading={messages.isFetchingNextPage}
              onClick={() => void messages.fetchNextPage()}
            >
              {t('console.support.earlier')}
            </Button>
          </div>
        ) : null}
        <QueryState query={messages}>
          {() =>
            messages.messages.length === 0 ? (
              <Empty description={t('console.support.noMessages')} />
            ) : (
              <ul className="support-msgs" aria-live="polite">
                {messages.messages.map((m) => (
                  <MessageBubble key={m.id} message={m} />
                ))}
              </ul>
            )
          }
        </QueryState>
        <div ref={end} />
      </div>
      <div className="support-chat__composer">
        <Space wrap style={{ marginBottom: 8 }}>
          <Select
            style={{ minWidth: 220 }}
            placeholder={t('console.support.insertCanned')}
            value={null}
            options={(canned.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
            onChange={(value: number) => {
              const reply = canned.data?.find((c) => c.id === value);
              if (reply) setText((current) => (current ? `${current}\n${reply.body}` : reply.body));
            }}
          />
          <Upload
            accept="image/jpeg,image/png,image/webp"
            showUploadList={false}
            beforeUpload={(file) => {
              setImage(file);
              return false;
            }}
          >
            <Button icon={<PictureOutlined />}>{t('console.support.attach')}</Button>
          </Upload>
          {image ? (
            <Tag closable onClose={() => setImage(null)}>
              {image.name}
            </Tag>
          ) : null}
        </Space>
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={SUPPORT_MESSAGE_MAX}
          placeholder={t('console.support.replyPlaceholder')}
          aria-label={t('console.support.replyPlaceholder')}
          onPressEnter={(event) => {
            if (!event.shiftKey) {
              event.preventDefault();
              void send();
            }
          }}
        />
        <div className="support-chat__send">
          <Button type="primary" loading={sending} onClick={() => void send()}>
            {t('console.support.send')}
          </Button>
        </div>
      </div>
    </div>
  );
}
