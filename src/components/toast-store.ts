import { proxy } from 'valtio';

/** Toasts: 1200 ms by default; the loading toast stays until closed. */
export const TOAST_MS = 1200;

export interface ToastState {
  message: string;
  type: 'info' | 'success' | 'error' | 'loading';
  visible: boolean;
  seq: number;
}

export const toastState = proxy<ToastState>({ message: '', type: 'info', visible: false, seq: 0 });
let timer: ReturnType<typeof setTimeout> | undefined;

export const toast = {
  show(
    message: string,
    { type = 'info', duration = TOAST_MS }: { type?: ToastState['type']; duration?: number } = {},
  ) {
    clearTimeout(timer);
    toastState.message = message;
    toastState.type = type;
    toastState.visible = true;
    toastState.seq += 1;
    if (type !== 'loading') timer = setTimeout(() => (toastState.visible = false), duration);
  },
  success(message: string) {
    toast.show(message, { type: 'success' });
  },
  loading(message: string) {
    toast.show(message, { type: 'loading' });
  },
  close() {
    clearTimeout(timer);
    toastState.visible = false;
  },
};
