// Floors of the round-2 note photos (OCR + embedded analyser), the level reached: the bench
// (scripts/bench/recognition-photos.ts) and the floor test fail below them. Reached on the 54 images: task F1 0.837
// (printed notes 1.000, handwriting-like fonts 0.753; the 44 tuning images 0.888, the 10 held-out hand notes n45–n54
// 0.604), client fields 0.757 — below the 0.90 target, see the README. Before this round (tiled Otsu,
// vocabulary correction, look-alike 4, dropped decimal commas): 0.713 on the 54 (0.770 on the 44, held-out 0.440).
export const PHOTO_F1_FLOOR = 0.83;
export const PHOTO_CLIENT_FLOOR = 0.74;
