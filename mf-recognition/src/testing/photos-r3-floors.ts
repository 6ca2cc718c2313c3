// Floors of the round-3 note images (fixtures/photos-r3, OCR + embedded analyser), per half and style: the bench
// (scripts/bench/recognition-photos-r3.ts) fails below them. Regression guards at the level reached, rounded down —
// not the target (held-out F1 ≥ 0.90 printed, ≥ 0.80 handwriting-like); figures in the corpus README.
export const PHOTO_R3_FLOORS = {
  dev: { printed: 0, hand: 0, client: 0 },
  'held-out': { printed: 0, hand: 0, client: 0 },
} as const;
