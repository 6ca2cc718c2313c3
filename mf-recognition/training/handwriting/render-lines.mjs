#!/usr/bin/env node
// Renders the synthetic handwriting training lines (decision 0180) as tesstrain-style line images:
// <dir>/<n>.png, <n>.gt.txt and a WordStr <n>.box (the whole line one box), for `tesseract <n>.png <n> --psm 13
// lstm.train` (train.sh). Deterministic (seeded PRNG).
//
// Fonts: 14 `@fontsource/*` handwriting families (root devDependencies, 5.3.0) that neither the photo corpus
// (photos-r3: 18 families) nor `generate.mjs --dev-hand` (the same 18) uses, so the photo figures measure fonts the
// model never saw. Drawn letter by letter like generate.mjs (size, angle, baseline and pressure jitter), in
// ballpoint or pencil ink on white, cream, yellow-pad, ruled or squared paper, then greyscale, optional blur,
// downscale to the size tesseract sees on a 1200 px OCR page, JPEG round trip.
//
// Usage: node mf-recognition/training/handwriting/render-lines.mjs <dir> [count=3000]
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import sharp from 'sharp';

import { makeLines, mulberry32 } from './lines.mjs';

export const TRAINING_FONTS = [
  ['annie-use-your-telescope', 'Annie Use Your Telescope', 1.1],
  ['dancing-script', 'Dancing Script', 1.05],
  ['delius', 'Delius', 0.95],
  ['gaegu', 'Gaegu', 1.2],
  ['itim', 'Itim', 0.95],
  ['nanum-brush-script', 'Nanum Brush Script', 1.3],
  ['permanent-marker', 'Permanent Marker', 0.85],
  ['playpen-sans', 'Playpen Sans', 0.9],
  ['rock-salt', 'Rock Salt', 0.75],
  ['satisfy', 'Satisfy', 1.05],
  ['shantell-sans', 'Shantell Sans', 0.9],
  ['short-stack', 'Short Stack', 0.85],
  ['sriracha', 'Sriracha', 1.0],
  ['swanky-and-moo-moo', 'Swanky and Moo Moo', 1.1],
];

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', '..', '..', 'package.json'));
for (const [pkg, family] of TRAINING_FONTS) {
  const file = path.join(
    path.dirname(require.resolve(`@fontsource/${pkg}/package.json`)),
    'files',
    `${pkg}-latin-400-normal.woff2`,
  );
  GlobalFonts.registerFromPath(file, family);
}

const PAPERS = ['#fbfbf8', '#f6f3ea', '#f7eea6', '#eeeae0', '#ffffff'];
const INKS = [
  ['#1d2f8f', 0.8],
  ['#1e1e22', 0.8],
  ['#55555c', 0.55],
  ['#2a3f9f', 0.75],
];

async function renderLine(text, index) {
  const random = mulberry32(0x180 + index * 7919);
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const [, family, scale] = TRAINING_FONTS[index % TRAINING_FONTS.length];
  const size = 56 * scale * (0.85 + random() * 0.3);
  const [ink, alpha] = pick(INKS);
  const probe = createCanvas(10, 10).getContext('2d');
  probe.font = `${size.toFixed(1)}px "${family}"`;
  const width = Math.ceil(probe.measureText(text).width * 1.15 + size * 1.5);
  const height = Math.ceil(size * 1.9);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const paper = pick(PAPERS);
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, width, height);
  const ruling = random();
  ctx.lineWidth = Math.max(1, size / 40);
  if (ruling < 0.35) {
    ctx.strokeStyle = 'rgba(110,150,210,0.5)';
    ctx.beginPath();
    ctx.moveTo(0, height * 0.72 + size * 0.1);
    ctx.lineTo(width, height * 0.72 + size * 0.1);
    ctx.stroke();
  } else if (ruling < 0.55) {
    ctx.strokeStyle = 'rgba(110,150,210,0.35)';
    const step = size * 0.45;
    ctx.beginPath();
    for (let x = step / 2; x < width; x += step) {
      ctx.moveTo(x, 0);
      ctx.lineTo(x, height);
    }
    for (let y = step / 2; y < height; y += step) {
      ctx.moveTo(0, y);
      ctx.lineTo(width, y);
    }
    ctx.stroke();
  }
  const slope = (random() - 0.5) * 0.03;
  const y0 = height * 0.68;
  let cx = size * 0.6;
  const x0 = cx;
  for (const ch of text) {
    const s = size * (0.93 + random() * 0.14);
    ctx.font = `${s.toFixed(1)}px "${family}"`;
    const advance = ctx.measureText(ch).width;
    ctx.save();
    ctx.translate(cx, y0 + (cx - x0) * slope + (random() - 0.5) * size * 0.06);
    ctx.rotate((random() - 0.5) * 0.08);
    ctx.globalAlpha = alpha + random() * (1 - alpha);
    ctx.fillStyle = ink;
    ctx.fillText(ch, 0, 0);
    ctx.restore();
    cx += advance * (ch === ' ' ? 1.05 + random() * 0.45 : 0.97 + random() * 0.07);
  }
  const target = Math.max(18, Math.round(height * (0.45 + random() * 0.5)));
  let image = sharp(canvas.toBuffer('image/png')).greyscale();
  if (random() < 0.3) image = image.blur(0.4 + random() * 1.0);
  const resized = await image
    .resize({ height: target })
    .jpeg({ quality: 40 + Math.floor(random() * 40) })
    .toBuffer();
  const { data, info } = await sharp(resized).greyscale().png().toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

async function main() {
  const [dir, countArg] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node render-lines.mjs <dir> [count]');
    process.exit(2);
  }
  fs.mkdirSync(dir, { recursive: true });
  const lines = makeLines(Number(countArg ?? 3000));
  for (const [index, text] of lines.entries()) {
    const name = path.join(dir, `l${String(index).padStart(5, '0')}`);
    const { png, width, height } = await renderLine(text, index);
    fs.writeFileSync(`${name}.png`, png);
    fs.writeFileSync(`${name}.gt.txt`, `${text}\n`);
    // tesstrain's generate_line_box.py: one WordStr box for the whole line, then the end-of-line box.
    fs.writeFileSync(`${name}.box`, `WordStr 0 0 ${width} ${height} 0 #${text}\n\t 0 0 ${width} ${height} 0\n`);
  }
  console.log(`${lines.length} lines in ${dir}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
