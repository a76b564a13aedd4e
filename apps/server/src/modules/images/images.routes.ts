import { uploadCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { signedInUserId } from '../../http/context';
import { readOwnUpload } from './images.service';

export const uploadsRoutes: BoundCall[] = [
  handle(uploadCalls.findUploadImage, async (input, ctx) => {
    const upload = await readOwnUpload(ctx.app, signedInUserId(ctx), input.id);
    return upload.bytes;
  }),
];
