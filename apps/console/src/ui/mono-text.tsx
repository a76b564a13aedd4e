import { Typography } from 'antd';
import { shorten } from './format';

/** A hash or address: shortened in the cell, the whole text in the tooltip and the copy button. */
export function MonoText({ text, keep = 8 }: { text: string | null | undefined; keep?: number }) {
  if (!text) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Typography.Text className="mono" copyable={{ text }} title={text}>
      {shorten(text, keep)}
    </Typography.Text>
  );
}
