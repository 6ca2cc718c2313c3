import fs from 'node:fs';
import path from 'node:path';

import { encodedImageSize } from './image-size';

const fixtures = path.resolve(__dirname, '../../../fixtures');
const read = (file: string) => new Uint8Array(fs.readFileSync(path.join(fixtures, file)));

describe('encodedImageSize', () => {
  it.each([
    ['images/01-sdb-dupont.png', { width: 1240, height: 1754 }],
    ['images/09-photo-a4-garnier.jpg', { width: 3024, height: 4032 }],
    // 4000×3000 stored, EXIF orientation 6: upright it is 3000×4000.
    ['round-2/images/n20-toiture-benali.jpg', { width: 3000, height: 4000 }],
    ['images/13-fenetres-lambert-exif.jpg', { width: 1240, height: 1754 }],
  ])('%s → %j', (file, expected) => {
    const size = encodedImageSize(read(file));
    if (expected) expect(size).toEqual(expected);
    else expect(size === null || size.width > 0).toBe(true);
  });

  it('does not understand other formats', () => {
    expect(encodedImageSize(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeNull();
  });
});
