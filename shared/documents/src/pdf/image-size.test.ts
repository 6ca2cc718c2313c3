import { SAMPLE_LOGO_PNG } from '../testing/fixtures';
import { readImageSize } from './image-size';

function dataUrl(type: string, bytes: number[]): string {
  return `data:${type};base64,${btoa(String.fromCharCode(...bytes))}`;
}

describe('readImageSize', () => {
  it('reads PNG dimensions from IHDR', () => {
    expect(readImageSize(SAMPLE_LOGO_PNG)).toEqual({ width: 160, height: 80, format: 'PNG' });
  });

  it('reads JPEG dimensions from the frame header after other segments', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0)];
    const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x02, 0x58, 0x03, ...new Array(9).fill(0)];
    expect(readImageSize(dataUrl('image/jpeg', [0xff, 0xd8, ...app0, ...sof0]))).toEqual({
      width: 600,
      height: 300,
      format: 'JPEG',
    });
  });

  it('reads GIF and BMP dimensions', () => {
    expect(
      readImageSize(
        dataUrl('image/gif', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x20, 0x00, 0x10, 0x00, ...new Array(22).fill(0)]),
      ),
    ).toEqual({ width: 32, height: 16, format: 'GIF' });
    const bmp = new Array(32).fill(0);
    bmp[0] = 0x42;
    bmp[1] = 0x4d;
    bmp[18] = 64;
    bmp[22] = 0xe0;
    bmp[23] = 0xff;
    bmp[24] = 0xff;
    bmp[25] = 0xff; // height −32 (top-down bitmap)
    expect(readImageSize(dataUrl('image/bmp', bmp))).toEqual({ width: 64, height: 32, format: 'BMP' });
  });

  it('returns null for anything else', () => {
    expect(readImageSize('data:image/png;base64,bm90IGFuIGltYWdl')).toBeNull();
    expect(readImageSize('https://exemple.fr/logo.png')).toBeNull();
    expect(readImageSize('data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=')).toBeNull();
    expect(readImageSize('data:image/png;base64,%%%')).toBeNull();
  });
});
