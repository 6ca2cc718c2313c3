// Floors of the round-2 note photos (OCR + embedded analyser), the level reached: the bench
// (scripts/bench/recognition-photos.ts) and the floor test fail below them. Reached: task F1 0.770 (printed notes
// 0.990, handwriting-like fonts 0.614), client fields 0.727 — below the 0.90 target, see the README.
export const PHOTO_F1_FLOOR = 0.76;
export const PHOTO_CLIENT_FLOOR = 0.7;
