// The Unicode font's files (DejaVu Sans from the npm package dejavu-fonts-ttf), emitted by webpack as separate
// assets: this module only holds their URLs and is itself imported on demand, with the PDF code.
import bold from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf';
import regular from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf';

export const UNICODE_FONT_URLS = { regular, bold };
