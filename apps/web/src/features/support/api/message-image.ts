import { useQuery } from '@tanstack/react-query';
import { supportCalls } from '@tidemark/contract';
import { requestBlob } from '../../../api/client';
import { readAsDataUrl } from '../../../ui/image-uploader';
import { useChatOwner } from './support-queries';

/** A message's picture as a data URL (fetched with the token or the visitor id). */
export function useMessageImage(messageId: number, hasImage: boolean): string | undefined {
  const { who, visitorId } = useChatOwner();
  const picture = useQuery({
    queryKey: ['support', 'image', who, messageId],
    queryFn: async () =>
      readAsDataUrl(
        await requestBlob(supportCalls.findMessageImage, {
          id: messageId,
          ...(visitorId ? { visitorId } : {}),
        }),
      ),
    enabled: hasImage,
    staleTime: Infinity,
    retry: false,
  });
  return picture.data;
}
