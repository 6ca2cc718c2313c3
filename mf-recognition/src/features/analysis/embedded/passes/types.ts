// Shared shapes of the task passes.
import type { Term } from '../../model/catalogue-match';
import type { PreparedTask } from '../../model/catalogue-match';
import type { CanonicalUnit } from '../../model/units';

export type Quantity = {
  value: number;
  unit: CanonicalUnit | null;
  /** 3 = number with a unit, 2 = bare number, 1 = « un »/« une ». */
  strength: number;
  start: number;
  end: number;
  /** Folded words right after the quantity (to tell « 2 prises » from « 2 chambres »). */
  nextWord: string | null;
  /** Taken from another task (« la même surface », « pose du nouveau »): a figure said later replaces it. */
  inferred?: boolean;
};

export type Segment = {
  text: string;
  folded: string;
  quantities: Quantity[];
  sentence: number;
  correction: boolean;
  /** « on dépose la baignoire et le carrelage », « on repeint les plinthes et l'encadrement »: the second object shares the verb of the first. */
  inherited: Term[];
  /** The piece before, in the same clause, went on with « pour … », « dans … »: this one may still be that context. */
  afterContext: boolean;
  /** The piece before ended on a noun complement (« les boiseries des fenêtres »): a bare noun next may still be part of it. */
  afterComplement: boolean;
  clause: number;
};

export type Line = {
  task: PreparedTask;
  quantity: Quantity | null;
  sentence: number;
  clause: number;
  order: number;
  /** The words the line came from (shown to the user before the line joins the devis). */
  source?: string;
};
