import { TIMING } from '@tidemark/contract/rules';
import type * as ToastExports from 'antd-mobile/es/components/toast';

type ToastModule = typeof ToastExports;

// antd-mobile's Toast brings its animation library; it loads when first needed, never up front.
let toastModule: Promise<ToastModule> | undefined;
const loadToast = () => (toastModule ??= import('antd-mobile/es/components/toast'));

/** Warms the toast chunk before a toast is due (main.tsx: at the first touch or key press). */
export function preloadToast(): void {
  void loadToast();
}

/** Toasts last 1500 ms (SPEC.md section 9). */
export function showToast(content: string, icon?: 'success' | 'fail'): void {
  void loadToast().then(({ default: Toast }) =>
    Toast.show({ content, duration: TIMING.toastMs, ...(icon ? { icon } : {}) }),
  );
}

let loadingCount = 0;

/** The request loading indicator; nested calls share one. Answers the function that hides it. */
export function showLoading(): () => void {
  loadingCount += 1;
  if (loadingCount === 1) {
    void loadToast().then(({ default: Toast }) => {
      if (loadingCount > 0) Toast.show({ icon: 'loading', duration: 0, maskClickable: false });
    });
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    loadingCount -= 1;
    if (loadingCount === 0) void loadToast().then(({ default: Toast }) => Toast.clear());
  };
}
