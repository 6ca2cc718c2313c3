import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs at import time.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// Component tests render whole pages (React, router, jsdom): on a loaded 2-core CI machine a few take longer than
// Jest's 5 s default. Speed is measured by `npm run bench`, not by test timeouts.
jest.setTimeout(20_000);
