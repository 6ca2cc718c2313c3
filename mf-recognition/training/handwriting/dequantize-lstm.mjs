#!/usr/bin/env node
// Rewrites a tesseract LSTM recognizer (the `lstm` component of a traineddata, `combine_tessdata -u`)
// from integer weights to float weights, so that `lstmtraining --continue_from` accepts it (decision 0180).
//
// Serialised formats, as tesseract 5 writes them (src/lstm/network.cpp, plumbing.cpp, lstm.cpp,
// fullyconnected.cpp, weightmatrix.cpp, ccstruct/matrix.h; little-endian):
// - layer header: int8 NT_NONE(0), string type name (uint32 length + bytes), int8 training state,
//   int8 needs_backprop, int32 flags, int32 ni, int32 no, int32 num_weights, string name;
// - Input: 5 × int32 shape; Convolve / Reconfig / Maxpool: 2 × int32; Series / Parallel / Reversed:
//   uint32 count + layers (+ float vector of learning rates when flag NF_LAYER_SPECIFIC_LR = 64);
//   LSTM: int32 na, weight matrices CI GI GF1 GO (GFS too when 2-D), then a softmax layer for the
//   softmax LSTM types; fully connected types: one weight matrix;
// - weight matrix: uint8 mode (1 = int8, 4 = adam, 128 = doubles). Int: 2-D int8 array (int32 dim1,
//   int32 dim2, int8 empty cell, dim1 × dim2 int8) + uint32 n + n doubles, where the double of row t
//   is the row's max |w| / 127 (weightmatrix.cpp ConvertToInt: wi = round(wf / that)), so
//   wf = wi × scale for every column, the bias column (the last one) included — the integer forward
//   pass multiplies the bias by INT8_MAX and the inputs are scaled by INT8_MAX too.
//   Float (not training): 2-D double array (int32 dim1, int32 dim2, double empty cell, values).
// The recognizer's tail after the network: network spec string, int32 training flags (TF_INT_MODE = 1,
// cleared here: it makes the recognizer feed integer inputs), iterations, learning rate… copied.
//
// Usage: node dequantize-lstm.mjs <int fra.lstm> <float fra.lstm>
//        node dequantize-lstm.mjs --check   (the shipped model: every float row, quantised again as lstmtraining's
//                                           --convert_to_int does, gives back its integer row exactly)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const FULLY_CONNECTED = new Set([
  'Logistic',
  'LinLogistic',
  'LinTanh',
  'Tanh',
  'Relu',
  'Linear',
  'Softmax',
  'SoftmaxNoCTC',
]);
const PLUMBING = new Set([
  'Parallel',
  'Replicated',
  'ParBidiLSTM',
  'DepParUDLSTM',
  'Par2dLSTM',
  'Series',
  'RTLReversed',
  'TTBReversed',
  'XYTranspose',
]);
const LSTM_TYPES = new Set(['LSTM', 'SummLSTM', 'LSTMSoftmax', 'LSTMBinarySoftmax']);
const NF_LAYER_SPECIFIC_LR = 64;
const TF_INT_MODE = 1; // lstmrecognizer.h training flags: integer inputs and weights

export function dequantizeLstm(input) {
  let pos = 0;
  const out = [];
  const copy = (n) => {
    out.push(input.subarray(pos, pos + n));
    pos += n;
  };
  const i32 = () => input.readInt32LE(pos);
  const u32 = () => input.readUInt32LE(pos);
  const stats = { matrices: 0, weights: 0, mismatches: 0 };

  function string() {
    const n = u32();
    const s = input.toString('latin1', pos + 4, pos + 4 + n);
    copy(4 + n);
    return s;
  }

  function weightMatrix() {
    const mode = input.readUInt8(pos);
    if ((mode & 128) === 0) throw new Error(`old-format weight matrix at ${pos}`);
    if ((mode & 1) === 0) throw new Error(`weight matrix at ${pos} is already float`);
    pos += 1;
    const dim1 = i32();
    const dim2 = input.readInt32LE(pos + 4);
    pos += 9; // dims + int8 empty cell
    const ints = new Int8Array(input.buffer, input.byteOffset + pos, dim1 * dim2);
    pos += dim1 * dim2;
    const nScales = u32();
    pos += 4;
    if (nScales < dim1) throw new Error(`${nScales} scales for ${dim1} rows`);
    const scales = [];
    for (let t = 0; t < nScales; t += 1) scales.push(input.readDoubleLE(pos + 8 * t));
    pos += 8 * nScales;
    const head = Buffer.alloc(1 + 4 + 4 + 8);
    head.writeUInt8(mode & ~1, 0);
    head.writeInt32LE(dim1, 1);
    head.writeInt32LE(dim2, 5);
    head.writeDoubleLE(0, 9);
    const values = Buffer.alloc(8 * dim1 * dim2);
    for (let t = 0; t < dim1; t += 1) {
      let maxAbs = 0;
      for (let f = 0; f < dim2; f += 1) {
        const w = ints[t * dim2 + f] * scales[t];
        values.writeDoubleLE(w, 8 * (t * dim2 + f));
        maxAbs = Math.max(maxAbs, Math.abs(w));
      }
      // weightmatrix.cpp ConvertToInt on this row: scale = max |w| / 127, wi = round(w / scale).
      const again = maxAbs / 127 || 1;
      for (let f = 0; f < dim2; f += 1)
        if (Math.round((ints[t * dim2 + f] * scales[t]) / again) !== ints[t * dim2 + f]) stats.mismatches += 1;
    }
    out.push(head, values);
    stats.matrices += 1;
    stats.weights += dim1 * dim2;
    return dim1;
  }

  function layer() {
    if (input.readInt8(pos) !== 0) throw new Error(`layer at ${pos} has a numeric type`);
    copy(1);
    const type = string();
    copy(2); // training state, needs_backprop
    const flags = i32();
    const ni = input.readInt32LE(pos + 4);
    const no = input.readInt32LE(pos + 8);
    copy(16);
    string(); // name
    if (type === 'Input') copy(20);
    else if (type === 'Convolve' || type === 'Reconfig' || type === 'Maxpool') copy(8);
    else if (PLUMBING.has(type)) {
      const n = u32();
      copy(4);
      for (let k = 0; k < n; k += 1) layer();
      if (flags & NF_LAYER_SPECIFIC_LR) copy(4 + 4 * u32());
    } else if (FULLY_CONNECTED.has(type)) weightMatrix();
    else if (LSTM_TYPES.has(type)) {
      const na = i32();
      copy(4);
      const nf = type === 'LSTMSoftmax' ? no : type === 'LSTMBinarySoftmax' ? Math.ceil(Math.log2(no)) : 0;
      const ns = weightMatrix(); // CI
      const is2d = na - nf === ni + 2 * ns;
      for (let w = 0; w < (is2d ? 4 : 3); w += 1) weightMatrix();
      if (nf > 0) layer();
    } else throw new Error(`unknown layer type ${type} at ${pos}`);
  }

  layer();
  string(); // network spec
  const flags = i32();
  if ((flags & TF_INT_MODE) === 0) throw new Error('the recognizer is not flagged integer');
  const tail = Buffer.from(input.subarray(pos));
  tail.writeInt32LE(flags & ~TF_INT_MODE, 0);
  out.push(tail);
  return { output: Buffer.concat(out), stats };
}

/** The `lstm` component of a traineddata (tessdata_manager: int32 count, int64 offsets, then the components). */
export function lstmComponent(traineddata) {
  const count = traineddata.readInt32LE(0);
  const offsets = [];
  for (let i = 0; i < count; i += 1) offsets.push(Number(traineddata.readBigInt64LE(4 + 8 * i)));
  const LSTM = 17; // TESSDATA_LSTM in tessdatamanager.h
  const start = offsets[LSTM];
  const next = offsets.slice(LSTM + 1).find((o) => o > 0) ?? traineddata.length;
  return traineddata.subarray(start, next);
}

function check() {
  const require = createRequire(
    path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'package.json'),
  );
  const dir = path.dirname(require.resolve('@tesseract.js-data/fra/package.json'));
  const model = zlib.gunzipSync(fs.readFileSync(path.join(dir, '4.0.0_best_int', 'fra.traineddata.gz')));
  const { output, stats } = dequantizeLstm(lstmComponent(model));
  console.log(
    `${stats.matrices} weight matrices, ${stats.weights} weights, ${stats.mismatches} weights not given back, ${output.length} bytes`,
  );
  if (stats.mismatches > 0 || stats.matrices === 0) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (process.argv[2] === '--check') {
    check();
    process.exit(0);
  }
  const [from, to] = process.argv.slice(2);
  if (!from || !to) {
    console.error('usage: node dequantize-lstm.mjs <int lstm> <float lstm>');
    process.exit(2);
  }
  const { output, stats } = dequantizeLstm(fs.readFileSync(from));
  fs.writeFileSync(to, output);
  console.log(`${stats.matrices} weight matrices, ${stats.weights} weights → ${output.length} bytes`);
}
