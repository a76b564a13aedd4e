import { SUPPORT_MESSAGE_MAX } from '@tidemark/contract';
import { languageInfo } from '@tidemark/i18n';
import Button from 'antd-mobile/es/components/button';
import TextArea from 'antd-mobile/es/components/text-area';
import { PictureOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useSubmit } from '../../../api/use-submit';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { currentLanguage } from '../../../ui/i18n';
import { ImagePickError, prepareImage, type PickedImage } from '../../../ui/image-uploader';
import { LoadingView } from '../../../ui/loading-view';
import { showToast } from '../../../ui/toast';
import { useChatMessages, useMarkRead, useSendMessage } from '../api/chat-queries';
import { useChatLive, useChatUnread } from '../api/support-queries';
import { ChatMessage } from './chat-message';
import '../support.css';

/**
 * The conversation with the support team, the same one on the home chat box and on
 * pages/index/service: history (earlier pages on demand), live answers, and a composer for text
 * and a picture. An empty message is refused before it leaves (SPEC.md section 5).
 */
export function ChatPanel() {
  const { t } = useTranslation();
  const chat = useChatMessages();
  const unread = useChatUnread();
  const send = useSendMessage();
  useChatLive();
  useMarkRead(unread.data?.unread);
  const [text, setText] = useState('');
  const [image, setImage] = useState<PickedImage | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const language = currentLanguage();
  const timeFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(languageInfo(language).bcp47, {
        dateStyle: 'short',
        timeStyle: 'short',
        numberingSystem: 'latn',
      }),
    [language],
  );
  const count = chat.messages.length;
  const lastId = chat.messages[count - 1]?.id;

  // The newest message stays in view as messages arrive.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  const [busy, submit] = useSubmit(async () => {
    const content = text.trim();
    if (content === '' && !image) {
      showToast(t('errors.messageEmpty'));
      return;
    }
    try {
      await send({ content, image: image?.file });
      setText('');
      setImage(null);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  });

  const pick = async (file: File | undefined) => {
    if (!file) return;
    try {
      setImage(await prepareImage(file));
    } catch (error) {
      showToast(
        t(
          error instanceof ImagePickError && error.reason === 'notImage'
            ? 'errors.uploadNotImage'
            : 'support.imageUnreadable',
        ),
      );
    }
  };

  let history;
  if (chat.data) {
    history =
      count === 0 ? (
        <EmptyData text={t('support.empty')} />
      ) : (
        <ul className="chat-list" aria-live="polite">
          {chat.messages.map((m) => (
            <ChatMessage key={m.id} message={m} time={timeFormat.format(m.at)} />
          ))}
        </ul>
      );
  } else if (chat.isError) {
    history = <ErrorView title={t('support.loadFailed')} onRetry={() => void chat.refetch()} />;
  } else {
    history = <LoadingView />;
  }

  return (
    <section className="chat" aria-label={t('support.title')}>
      <div className="chat__history">
        {chat.hasNextPage ? (
          <button
            type="button"
            className="chat__earlier"
            disabled={chat.isFetchingNextPage}
            onClick={() => void chat.fetchNextPage()}
          >
            {t('support.earlier')}
          </button>
        ) : null}
        {history}
        <div ref={end} />
      </div>
      {image ? (
        <div className="chat__attachment">
          <img src={image.preview} alt={t('support.image')} />
          <button type="button" className="chat-link" onClick={() => setImage(null)}>
            {t('support.removeImage')}
          </button>
        </div>
      ) : null}
      <form
        className="chat__composer"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <button
          type="button"
          className="icon-button chat__pick"
          aria-label={t('support.attach')}
          onClick={() => fileInput.current?.click()}
        >
          <PictureOutline />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          data-testid="chat-image"
          onChange={(event) => {
            void pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <TextArea
          className="chat__input"
          name="message"
          value={text}
          onChange={setText}
          placeholder={t('support.placeholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={SUPPORT_MESSAGE_MAX}
          aria-label={t('support.placeholder')}
        />
        <Button color="primary" size="small" type="submit" loading={busy}>
          {t('support.send')}
        </Button>
      </form>
    </section>
  );
}
