// The PDF fonts' files, emitted by webpack as separate assets: this module only holds their URLs and is itself
// imported on demand, with the PDF code. A file is fetched only when a document needs it: DejaVu Sans always,
// DejaVu Serif / Sans Mono when the customisation chooses Times / Courier, Noto Emoji when the text has emoji.
import emoji from '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf';
import monoBold from 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf';
import mono from 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf';
import bold from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf';
import regular from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf';
import serifBold from 'dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf';
import serif from 'dejavu-fonts-ttf/ttf/DejaVuSerif.ttf';

import type { FontUrls } from './unicode-font';

export const FONT_URLS: FontUrls = {
  sans: { regular, bold },
  serif: { regular: serif, bold: serifBold },
  mono: { regular: mono, bold: monoBold },
  emoji: { regular: emoji },
};
