// jsPDF must load only when a PDF is made (DESIGN.md: documents; issue: cold load of « / »).
let mockJspdfLoaded = false;
jest.mock('jspdf', () => {
  mockJspdfLoaded = true;
  return jest.requireActual('jspdf');
});

import { SAMPLE_CLIENT, SAMPLE_COMPANY, customization, sampleQuote } from './testing/fixtures';

it('does not load jsPDF until a PDF is rendered', async () => {
  const documents = await import('./index');
  expect(typeof documents.renderQuotePdf).toBe('function');
  documents.buildQuoteLayout({
    quote: sampleQuote(1),
    client: SAMPLE_CLIENT,
    company: SAMPLE_COMPANY,
    customization: customization(),
  });
  expect(mockJspdfLoaded).toBe(false);
  await documents.renderQuotePdf({
    quote: sampleQuote(1),
    client: SAMPLE_CLIENT,
    company: SAMPLE_COMPANY,
    customization: customization(),
  });
  expect(mockJspdfLoaded).toBe(true);
});
