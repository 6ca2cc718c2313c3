// Floors of the round-2 note photos (OCR + embedded analyser), the level reached: the bench
// (scripts/bench/recognition-photos.ts) and the floor test fail below them.
export const PHOTO_F1_FLOOR = 0.75;
export const PHOTO_CLIENT_FLOOR = 0.6;
