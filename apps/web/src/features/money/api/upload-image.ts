import { useQuery } from '@tanstack/react-query';
import { uploadCalls } from '@tidemark/contract';
import { requestBlob } from '../../../api/client';
import { useSession } from '../../../api/session';
import { readAsDataUrl } from '../../../ui/image-uploader';

/** An uploaded picture never changes: one read per session is enough. */
const UPLOAD_STALE_MS = Infinity;

/**
 * One of the user's own uploads (a deposit screenshot, a wallet screenshot, an ID image) as a data
 * URL. Uploads are never public URLs: the bytes come with the appToken header, so the picture is
 * fetched and shown from memory. undefined while loading, on failure or without an id.
 */
export function useUploadImage(id: number | null | undefined): string | undefined {
  const token = useSession((s) => s.token);
  const picture = useQuery({
    queryKey: ['uploads', token, id ?? 0],
    queryFn: async () =>
      readAsDataUrl(await requestBlob(uploadCalls.findUploadImage, { id: id ?? 0 })),
    enabled: token !== null && typeof id === 'number' && id > 0,
    staleTime: UPLOAD_STALE_MS,
    retry: false,
  });
  return picture.data;
}
