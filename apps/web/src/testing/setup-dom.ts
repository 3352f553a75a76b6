import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { dismissToast } from '../hooks/use-toast';
import { uninstallFetchStub } from './fetch-stub';

/**
 * Component tests run in jsdom. What jsdom lacks and the libraries need (text encoding for the
 * router; layout observers, pointer capture and scrolling for Radix) is filled in from Node or
 * with inert stand-ins; nothing of the app is replaced.
 */
class InertResizeObserver {
  observe = () => undefined;
  unobserve = () => undefined;
  disconnect = () => undefined;
}
globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;
globalThis.TextDecoder ??= TextDecoder as typeof globalThis.TextDecoder;
globalThis.ResizeObserver ??= InertResizeObserver as unknown as typeof ResizeObserver;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Toasts live in a module-level store: close the last test's so it cannot answer this one's query.
beforeEach(() => dismissToast());
afterEach(() => uninstallFetchStub());
