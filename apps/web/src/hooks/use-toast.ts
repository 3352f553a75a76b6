import { useEffect, useState, type ReactNode } from 'react';

/**
 * A tiny toast store (shadcn style) the Toaster renders with Radix Toast.
 * Spec section 9: at most one toast visible; a dismissed toast is removed after 1,000,000 ms.
 */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

interface State {
  toasts: ToastItem[];
}

let memoryState: State = { toasts: [] };
const listeners = new Set<(state: State) => void>();
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();
let count = 0;

function setState(next: State) {
  memoryState = next;
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(id: string) {
  if (removeTimeouts.has(id)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(id);
    setState({ toasts: memoryState.toasts.filter((t) => t.id !== id) });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(id, timeout);
}

/** Closes one toast (or all); it leaves the DOM after its exit animation and the remove delay. */
export function dismissToast(id?: string) {
  const ids = id ? [id] : memoryState.toasts.map((t) => t.id);
  ids.forEach(scheduleRemoval);
  setState({ toasts: memoryState.toasts.map((t) => (ids.includes(t.id) ? { ...t, open: false } : t)) });
}

/** Shows a toast; callable from anywhere (hooks, mutation callbacks). */
export function toast(input: ToastInput) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  setState({ toasts: [{ ...input, id, open: true }, ...memoryState.toasts].slice(0, TOAST_LIMIT) });
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast() {
  const [state, setLocal] = useState<State>(memoryState);
  useEffect(() => {
    listeners.add(setLocal);
    return () => {
      listeners.delete(setLocal);
    };
  }, []);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
