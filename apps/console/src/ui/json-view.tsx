import { Typography } from 'antd';

/** A JSON value (an audit row's before or after) pretty-printed; null shows a dash. */
export function JsonView({ value }: { value: unknown }) {
  if (value === null || value === undefined) {
    return <Typography.Text type="secondary">-</Typography.Text>;
  }
  return (
    <pre className="json-view" dir="ltr">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
