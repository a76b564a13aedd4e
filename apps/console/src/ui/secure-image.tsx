import { FileImageOutlined } from '@ant-design/icons';
import { Image, Skeleton, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client';
import { uploadUrl } from '../api/uploads';

type State = { id: number; url: string } | { id: number; error: string } | null;

/**
 * An uploaded image (deposit screenshot, ID image) fetched with the operator's token and shown
 * from an object URL, with antd's preview on click.
 */
export function SecureImage({
  uploadId,
  width = 96,
  height = 72,
  alt,
}: {
  uploadId: number | null | undefined;
  width?: number;
  height?: number;
  alt: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>(null);
  useEffect(() => {
    if (!uploadId) return;
    let current = true;
    uploadUrl(uploadId).then(
      (url) => current && setState({ id: uploadId, url }),
      (error: unknown) => current && setState({ id: uploadId, error: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [uploadId]);

  const box = { width, height };
  if (!uploadId) {
    return (
      <div className="secure-image-missing" style={box}>
        {t('console.common.noImage')}
      </div>
    );
  }
  if (!state || state.id !== uploadId) {
    return <Skeleton.Image active style={box} />;
  }
  if ('error' in state) {
    return (
      <Tooltip title={state.error}>
        <div className="secure-image-missing" style={box} role="img" aria-label={state.error}>
          <FileImageOutlined /> {t('console.common.imageFailed')}
        </div>
      </Tooltip>
    );
  }
  return (
    <Image
      src={state.url}
      alt={alt}
      width={width}
      height={height}
      style={{ objectFit: 'cover', borderRadius: 4 }}
    />
  );
}
