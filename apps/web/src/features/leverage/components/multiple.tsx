/**
 * A multiple ("2×") isolated and read left to right, so that a right-to-left page (Arabic) shows
 * it as the chips and the trade sheet do, never as "×2".
 */
export function Multiple({ value, className = 'num' }: { value: number; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {`${value}×`}
    </bdi>
  );
}
