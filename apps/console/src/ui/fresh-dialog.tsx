import { useState, type ComponentType } from 'react';

/**
 * Counts the openings of a dialog, as a key for its form: antd keeps a form's values in the store
 * of its `Form.useForm` between openings, and merges them over the next opening's initial values.
 * A dialog opened for one record after another (or for a new one after an edit) then showed the
 * last one's values under the new title. Keyed by this, every opening starts a fresh form; closing
 * keeps the key, so the dialog's closing animation still plays.
 */
function useOpening(open: boolean): number {
  const [seen, setSeen] = useState({ open, count: open ? 1 : 0 });
  if (seen.open === open) return seen.count;
  const next = { open, count: open ? seen.count + 1 : seen.count };
  setSeen(next);
  return next.count;
}

/** A form dialog whose every opening starts a fresh form: never the values of the record before. */
export function freshEachOpening<P extends { open: boolean }>(Dialog: ComponentType<P>) {
  return function FreshDialog(props: P) {
    return <Dialog key={useOpening(props.open)} {...props} />;
  };
}
