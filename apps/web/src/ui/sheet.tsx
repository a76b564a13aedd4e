import Popup, { type PopupProps } from 'antd-mobile/es/components/popup';
import { useCloseOnNavigate } from './overlays';

export type SheetProps = Omit<PopupProps, 'visible' | 'onClose' | 'onMaskClick'> & {
  open: boolean;
  onClose: () => void;
};

/**
 * antd-mobile's Popup as the app's sheets use it: a tap on the mask closes it, and so does any
 * navigation (ui/overlays), so a sheet never stays over another page.
 */
export function Sheet({ open, onClose, ...rest }: SheetProps) {
  useCloseOnNavigate(open, onClose);
  return <Popup visible={open} onMaskClick={onClose} onClose={onClose} {...rest} />;
}
