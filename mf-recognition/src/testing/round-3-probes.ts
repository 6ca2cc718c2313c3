// What the usage-rule probes (`passes/usage-rules-N.node.test.ts`) read: a sentence analysed against the round-3
// catalogue as the voice panel analyses a dictation, and its lines as « quantity name ». Node only (reads files).
import { extractFromText } from '../features/analysis/embedded/extract-from-text';
import { loadRound3 } from './round-3-corpus';

const { catalogue } = loadRound3();

export const extractVoice = (text: string) => extractFromText(text, catalogue, { flow: 'voice' });

/** The lines found, « quantity name », in the analyser's order. */
export const voiceLines = (text: string) => extractVoice(text).tasks.map((t) => `${t.quantity} ${t.name}`);

/** The same lines sorted, for a probe that does not care about their order. */
export const sortedVoiceLines = (text: string) => voiceLines(text).sort();
