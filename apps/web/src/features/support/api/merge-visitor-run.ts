import type { QueryClient } from '@tanstack/react-query';
import { supportCalls } from '@tidemark/contract';
import { request } from '../../../api/client';
import { forgetVisitorId } from '../visitor';

/** Joins this browser's visitor conversation to the trader's, then forgets the visitor id. */
export async function mergeVisitor(visitorId: string, client: QueryClient): Promise<void> {
  try {
    await request(supportCalls.mergeVisitor, { visitorId }, { quiet: true });
  } catch {
    return; // tried again at the next login or start
  }
  forgetVisitorId();
  void client.invalidateQueries({ queryKey: ['support'] });
}
