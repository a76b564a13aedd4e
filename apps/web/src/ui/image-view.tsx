import ImageViewer from 'antd-mobile/es/components/image-viewer';
import { useCloseOnNavigate } from './overlays';

interface ImageViewProps {
  image: string;
  open: boolean;
  onClose: () => void;
}

/** One picture full screen (an uploaded screenshot, an ID photo); closes on any navigation too. */
export function ImageView({ image, open, onClose }: ImageViewProps) {
  useCloseOnNavigate(open, onClose);
  return <ImageViewer image={image} visible={open} onClose={onClose} />;
}
