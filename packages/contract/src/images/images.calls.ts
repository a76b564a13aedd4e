import * as z from 'zod/mini';
import { defineCall } from '../call';
import { intParam } from '../fields';
import { UPLOAD_STORED_TYPE, type UploadFile } from './images.schemas';

/**
 * The bytes of one of the caller's own uploads (a deposit screenshot, an ID image). Images are
 * never public URLs: this call needs the appToken header, so the app fetches it and shows a blob
 * URL. Another user's id answers notFound.
 */
export const findUploadImage = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/userUpload/image',
  area: 'uploads',
  auth: 'user',
  summary: "the image bytes of one of the caller's uploads (owner only)",
  input: z.object({ id: intParam(1) }),
  output: z.custom<UploadFile>(),
  produces: UPLOAD_STORED_TYPE,
  ours: true,
});
