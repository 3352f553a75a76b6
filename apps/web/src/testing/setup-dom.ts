import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { dismissToast } from '../hooks/use-toast';
import { uninstallFetchStub } from './fetch-stub';

// jsdom has no text encoding, which the router needs; Node's is the same standard API.
globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;
globalThis.TextDecoder ??= TextDecoder as typeof globalThis.TextDecoder;

// findBy/waitFor give up after 5 s, not 1 s: a debounced preview and its request take a while
// on a busy machine, and a passing test never waits longer for it.
configure({ asyncUtilTimeout: 5000 });

// Toasts live in a module-level store: close the last test's so it cannot answer this one's query.
beforeEach(() => dismissToast());
afterEach(() => uninstallFetchStub());
