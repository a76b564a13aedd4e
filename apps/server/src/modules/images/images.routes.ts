import { uploadCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { DomainError } from '../../http/domain-error';
import { readOwnUpload } from './images.service';

export const uploadsRoutes: BoundCall[] = [
  handle(uploadCalls.findUploadImage, async (input, ctx) => {
    if (!ctx.user) throw new DomainError('notLoggedIn');
    const upload = await readOwnUpload(ctx.app, ctx.user.id, input.id);
    return upload.bytes;
  }),
];
