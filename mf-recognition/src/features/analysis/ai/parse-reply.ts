// Model replies are read defensively: code fences, prose around the JSON, trailing commas, single quotes
// on keys — even in JSON mode some OpenAI-compatible servers add them (reference/recognition.md §5).
import type { RawExtraction } from '../model/post-process';

export function parseReply(content: string | null | undefined): RawExtraction | null {
  if (!content) return null;
  const unfenced = content.replace(/```(?:json|JSON)?\s*([\s\S]*?)```/g, '$1').trim();
  const start = unfenced.indexOf('{');
  const end = unfenced.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  const candidate = unfenced.slice(start, end + 1);
  for (const text of [candidate, repair(candidate)]) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as RawExtraction;
    } catch {
      // try the repaired form
    }
  }
  return null;
}

function repair(json: string): string {
  return json
    .replace(/\/\/[^\n"]*$/gm, '')
    .replace(/,\s*([}\]])/g, '$1')
    .replace(/([{,]\s*)'([^'"\n]+)'\s*:/g, '$1"$2":')
    .replace(/([{,]\s*)([A-Za-z_][\w]*)\s*:/g, '$1"$2":')
    .replace(/:\s*'([^'\n]*)'/g, (_, value: string) => `: ${JSON.stringify(value)}`);
}
