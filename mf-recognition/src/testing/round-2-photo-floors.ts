// Floors of the round-2 note photos (OCR + embedded analyser), the level reached: the bench
// (scripts/bench/recognition-photos.ts) and the floor test fail below them. Reached: task F1 0.888 (printed notes
// 1.000, handwriting-like fonts 0.809), client fields 0.788 — below the 0.90 target, see the README.
// (Before tiled Otsu, the vocabulary correction, the look-alike 4 and the dropped decimal commas: 0.770, print
// 0.990, hand 0.614.)
export const PHOTO_F1_FLOOR = 0.87;
export const PHOTO_CLIENT_FLOOR = 0.75;
