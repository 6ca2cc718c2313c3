import { bus, type EventEnvelope } from '@atelier/bus';
import { act, renderHook } from '@testing-library/react';

import { FEEDBACK_MESSAGES } from '../components/messages';
import { publishExtraction, useAnalysisRun, userFacingMessage } from './use-analysis-run';

let remaining: number | null = 3;
jest.mock('@atelier/platform', () => ({
  ...jest.requireActual('@atelier/platform'),
  getPlanState: () => ({ plan: 'free', active: true, quotesUsed: 3 - (remaining ?? 0), remaining, loading: false }),
}));

const RESULT = { projectTitle: 'Travaux Peinture', tasks: [{ name: 'Peinture plafond', quantity: 12, unit: 'm2' }] };
const options = { source: 'text' as const, noResultMessage: 'rien', unexpectedMessage: 'inattendu' };

let events: EventEnvelope[];
let sub: { unsubscribe(): void };
beforeEach(() => {
  remaining = 3;
  events = [];
  sub = bus.all().subscribe((e) => events.push(e));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  sub.unsubscribe();
  jest.restoreAllMocks();
});

describe('useAnalysisRun', () => {
  it('does not send anything and says why when the free quota is used up', async () => {
    remaining = 0;
    const { result } = renderHook(() => useAnalysisRun(options));
    await act(() => result.current.start(async () => RESULT));
    expect(result.current.run).toEqual({ status: 'refused', message: FEEDBACK_MESSAGES.quotaReached });
    expect(events).toEqual([]);
  });

  it('sends results on unlimited plans', async () => {
    remaining = null;
    const { result } = renderHook(() => useAnalysisRun(options));
    await act(() => result.current.start(async () => RESULT));
    expect(result.current.run.status).toBe('success');
    expect(events.map((e) => e.type)).toEqual(['quote/tasks-recognised', 'quote/title-recognised']);
  });

  it('ignores the result of an analysis the user has closed', async () => {
    let resolve!: (r: typeof RESULT) => void;
    const { result } = renderHook(() => useAnalysisRun(options));
    let pending!: Promise<void>;
    act(() => {
      pending = result.current.start(() => new Promise((r) => (resolve = r)));
    });
    act(() => result.current.reset());
    await act(async () => {
      resolve(RESULT);
      await pending;
    });
    expect(result.current.run.status).toBe('idle');
    expect(events).toEqual([]);
  });
});

describe('publishExtraction', () => {
  it('returns null and sends nothing when neither tasks nor client data were found', () => {
    expect(publishExtraction({ projectTitle: 'Projet BTP', tasks: [], client: { name: ' ' } }, 'image')).toBeNull();
    expect(events).toEqual([]);
  });
});

describe('userFacingMessage', () => {
  it('uses the French message of analysis errors only', () => {
    expect(userFacingMessage(Object.assign(new Error('Quota IA épuisé.'), { name: 'AnalysisError' }))).toBe(
      'Quota IA épuisé.',
    );
    expect(userFacingMessage(Object.assign(new Error('x'), { userMessage: 'Problème de connexion.' }))).toBe(
      'Problème de connexion.',
    );
    expect(userFacingMessage(new TypeError('undefined is not a function'))).toBeNull();
    expect(userFacingMessage('boom')).toBeNull();
  });
});
