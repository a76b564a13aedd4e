import Dialog from 'antd-mobile/es/components/dialog';
import type { ReactNode } from 'react';
import { trackOverlay } from './overlays';

export interface ConfirmOptions {
  content: ReactNode;
  confirmText: string;
  cancelText: string;
  /** A destructive confirmation (delete, log out) shows its button in the danger colour. */
  danger?: boolean;
}

/**
 * Asks a yes-or-no question; answers true when confirmed, false when cancelled, dismissed, or
 * closed because the user navigated away (ui/overlays). The two buttons are stacked, each on a
 * full-width row, the confirming one first: a label such as "Set withdrawal address" in German or
 * Hindi fits on one line at 360 px instead of wrapping in a half-width button.
 */
export function confirmDialog({
  content,
  confirmText,
  cancelText,
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let forget = () => {};
    const handler = Dialog.show({
      content,
      closeOnAction: true,
      actions: [
        { key: 'confirm', text: confirmText, bold: true, danger, onClick: () => resolve(true) },
        { key: 'cancel', text: cancelText, onClick: () => resolve(false) },
      ],
      // The first answer wins: after an action, closing resolves nothing new. A dialog closed
      // before it was drawn (the user navigated at once) gets no onClose, only afterClose.
      onClose: () => resolve(false),
      afterClose: () => {
        forget();
        resolve(false);
      },
    });
    forget = trackOverlay(() => void handler.close());
  });
}
