import { Typography } from 'antd';
import { Link } from 'react-router';

/** The trader a record belongs to: id and account, linking to the user detail page. */
export function UserLink({ userId, account }: { userId: number; account?: string | null }) {
  return (
    <Link to={`/users/${userId}`}>
      <Typography.Text strong>#{userId}</Typography.Text>
      {account ? (
        <>
          <br />
          {/* A long email stays on one line (full text on hover) instead of breaking the column. */}
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12, maxWidth: 160 }}
            ellipsis={{ tooltip: account }}
          >
            {account}
          </Typography.Text>
        </>
      ) : null}
    </Link>
  );
}
