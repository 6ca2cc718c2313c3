// The embedded provider: OCR (injected) → French rules → the same post-processing. Runs in the browser and in Node.
import type { Task } from '@atelier/domain';
import { extractFromText } from './embedded/extract-from-text';
import { AnalysisError } from './errors';
import { ANALYSIS_MESSAGES } from './messages';
import type { AnalysisResult, ImageInput, OcrFunction, RecognitionProvider } from './provider';

export class EmbeddedProvider implements RecognitionProvider {
  constructor(private readonly ocr?: OcrFunction) {}

  async analyzeText(text: string, catalogue: readonly Task[]): Promise<AnalysisResult> {
    if (!text.trim()) throw new AnalysisError('empty_text', ANALYSIS_MESSAGES.emptyText);
    return { ...extractFromText(text, catalogue, { flow: 'voice' }), provider: 'embedded' };
  }

  async analyzeImage(image: ImageInput, catalogue: readonly Task[]): Promise<AnalysisResult> {
    if (!this.ocr) throw new AnalysisError('unknown', ANALYSIS_MESSAGES.unknown);
    let text: string;
    try {
      text = await this.ocr(image);
    } catch (error) {
      throw new AnalysisError('unknown', ANALYSIS_MESSAGES.unknown, { cause: error });
    }
    if (!text.trim()) throw new AnalysisError('no_tasks', ANALYSIS_MESSAGES.noTasksInImage);
    const result = extractFromText(text, catalogue, { flow: 'image' });
    if (result.tasks.length === 0) throw new AnalysisError('no_valid_tasks', ANALYSIS_MESSAGES.noValidTasks);
    return { ...result, provider: 'embedded' };
  }
}
