import fs from 'node:fs/promises';
import path from 'node:path';
import type { ConsoleOutboxMessage } from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import { OUTBOX_FILE } from '../auth/delivery';

function parseLine(line: string, id: number): ConsoleOutboxMessage | null {
  try {
    const m = JSON.parse(line) as Partial<ConsoleOutboxMessage>;
    if ((m.channel !== 'email' && m.channel !== 'sms') || typeof m.to !== 'string') return null;
    return {
      id,
      channel: m.channel,
      to: m.to,
      code: String(m.code ?? ''),
      text: String(m.text ?? ''),
      at: Number(m.at ?? 0),
    };
  } catch {
    return null;
  }
}

/**
 * The dev outbox of embedded mode (DATA_DIR/outbox.jsonl, written by outboxDelivery): the codes
 * that would have gone by mail or SMS, newest first, optionally for one address.
 */
export async function outbox(
  app: AppContext,
  query: { to: string | undefined; page: number; pageSize: number },
) {
  let text = '';
  try {
    text = await fs.readFile(path.join(app.config.dataDir, OUTBOX_FILE), 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  const needle = query.to?.toLowerCase();
  const all = text
    .split('\n')
    .map((line, i) => (line.trim() ? parseLine(line, i + 1) : null))
    .filter((m): m is ConsoleOutboxMessage => m !== null)
    .filter((m) => needle === undefined || m.to.toLowerCase().includes(needle))
    .reverse();
  const start = (query.page - 1) * query.pageSize;
  return {
    list: all.slice(start, start + query.pageSize),
    total: all.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}
