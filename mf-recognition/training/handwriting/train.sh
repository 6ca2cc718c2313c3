#!/usr/bin/env bash
# Fine-tunes tesseract's French LSTM on synthetic handwriting lines (decision 0180). Reproducible, not run by CI.
# Needs Debian's tesseract-ocr 5.3 (tesseract, lstmtraining, combine_tessdata) and the root devDependencies.
#   bash mf-recognition/training/handwriting/train.sh <work dir> [lines=3000] [iterations=3000]
# Writes <work dir>/fra_hand.traineddata (integer, like the model it starts from); vendor it gzipped as
# mf-recognition/models/fra-hand.traineddata.gz.
set -euo pipefail
work=$(realpath -m "${1:?work dir}")
lines=${2:-3000}
iterations=${3:-3000}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && cd .. && pwd)
mkdir -p "$work/start" "$work/float" "$work/tessdata" "$work/checkpoints"

# 1. The integer model the app ships (@tesseract.js-data/fra 4.0.0_best_int), unpacked, its LSTM made float.
model=$(cd "$root" && node -e "console.log(require('path').dirname(require.resolve('@tesseract.js-data/fra/package.json')))")
gunzip -c "$model/4.0.0_best_int/fra.traineddata.gz" > "$work/start/fra.traineddata"
combine_tessdata -u "$work/start/fra.traineddata" "$work/float/fra." > /dev/null
node "$here/dequantize-lstm.mjs" "$work/float/fra.lstm" "$work/float/fra.lstm.float"
mv "$work/float/fra.lstm.float" "$work/float/fra.lstm"
combine_tessdata "$work/float/fra." > /dev/null
cp "$work/float/fra.traineddata" "$work/tessdata/fra.traineddata"
# `lstm.train` is read from the tessdata folder given: Debian's copy of the config.
mkdir -p "$work/tessdata/configs"
cp /usr/share/tesseract-ocr/5/tessdata/configs/lstm.train "$work/tessdata/configs/"

# 2. Training lines and their .lstmf files.
node "$root/mf-recognition/training/handwriting/render-lines.mjs" "$work/lines" "$lines"
: > "$work/all.txt"
for png in "$work"/lines/*.png; do
  base=${png%.png}
  [ -f "$base.lstmf" ] || tesseract "$png" "$base" --tessdata-dir "$work/tessdata" -l fra --psm 13 lstm.train > /dev/null 2>&1 || true
  [ -f "$base.lstmf" ] && echo "$base.lstmf" >> "$work/all.txt"
done
# Every 10th line is kept aside for lstmtraining's own evaluation.
awk 'NR % 10 == 0' "$work/all.txt" > "$work/eval.txt"
awk 'NR % 10 != 0' "$work/all.txt" > "$work/train.txt"

# 3. Fine-tune (tesstrain's recipe: continue from the float LSTM, same character set), then back to integer.
lstmtraining --continue_from "$work/float/fra.lstm" --traineddata "$work/float/fra.traineddata" \
  --model_output "$work/checkpoints/fra_hand" --train_listfile "$work/train.txt" --eval_listfile "$work/eval.txt" \
  --max_iterations "$iterations" --learning_rate 0.0005 --target_error_rate 0.01
lstmtraining --stop_training --convert_to_int --continue_from "$work/checkpoints/fra_hand_checkpoint" \
  --traineddata "$work/float/fra.traineddata" --model_output "$work/fra_hand.traineddata"
ls -l "$work/fra_hand.traineddata"
