// French units of the app → UN/ECE recommendation 20 codes (BT-130), as EN 16931's code list accepts them.

const UNIT_CODES: Record<string, string> = {
  m2: 'MTK',
  'm²': 'MTK',
  ml: 'MTR',
  m: 'MTR',
  mètre: 'MTR',
  m3: 'MTQ',
  'm³': 'MTQ',
  h: 'HUR',
  heure: 'HUR',
  heures: 'HUR',
  jour: 'DAY',
  jours: 'DAY',
  j: 'DAY',
  kg: 'KGM',
  t: 'TNE',
  tonne: 'TNE',
  l: 'LTR',
  litre: 'LTR',
  unité: 'C62',
  unités: 'C62',
  u: 'C62',
  pièce: 'H87',
  pièces: 'H87',
  forfait: 'C62',
  ens: 'C62',
  ensemble: 'C62',
};

/** The rec 20 code of a unit typed in French; C62 (« one ») for anything unknown, so the XML stays valid. */
export function frenchUnitCode(unit: string | null | undefined): string {
  const key = (unit ?? '').trim().toLowerCase().replace(/\.$/, '');
  return UNIT_CODES[key] ?? 'C62';
}
