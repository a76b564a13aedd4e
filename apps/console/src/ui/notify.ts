import type { MessageInstance } from 'antd/es/message/interface';

/**
 * antd's message API bound to the app's theme and language (App.useApp), registered once by the
 * shell. Before that (or in tests) messages go nowhere, which is what a headless call wants.
 */
let instance: MessageInstance | null = null;

export function setMessageApi(api: MessageInstance | null): void {
  instance = api;
}

export function notifyError(text: string): void {
  void instance?.error(text);
}

export function notifySuccess(text: string): void {
  void instance?.success(text);
}
